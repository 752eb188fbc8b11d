/**
 * Embedded in the Shopify admin (spec section 4): Shopify opens the dashboard with
 * `embedded=1&shop=...&host=...`. The parameters are kept for the tab (sessionStorage), since the
 * dashboard's own navigation drops them, and are what the install route is sent back with when
 * the API answers UNAUTHORIZED (spec section 8).
 */
export interface EmbeddedContext {
  /** The shop's myshopify domain, sent as `platform-domain-embedded`. */
  readonly shop: string;
  readonly host: string;
  /** The search string Shopify opened the dashboard with, `?` included. */
  readonly search: string;
}

const KEY = 'dropline.embedded';
const SHOP = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

function parse(raw: string | null): EmbeddedContext | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<EmbeddedContext>;
    if (typeof value.shop === 'string' && SHOP.test(value.shop) && typeof value.search === 'string') {
      return { shop: value.shop, host: typeof value.host === 'string' ? value.host : '', search: value.search };
    }
  } catch {
    // A damaged entry is no context.
  }
  return null;
}

/** The tab's embedded context: from the address Shopify opened, else the one saved for the tab. */
export function detectEmbedded(search: string, tab: Storage | null): EmbeddedContext | null {
  const params = new URLSearchParams(search);
  const shop = (params.get('shop') ?? '').trim().toLowerCase();
  if (params.get('embedded') === '1' && SHOP.test(shop)) {
    const context = { shop, host: params.get('host') ?? '', search: `?${params.toString()}` };
    try {
      tab?.setItem(KEY, JSON.stringify(context));
    } catch {
      // Storage refused (private mode): the context lives for this page only.
    }
    return context;
  }
  try {
    return parse(tab?.getItem(KEY) ?? null);
  } catch {
    return null;
  }
}

/** The install route with the parameters Shopify opened the dashboard with. */
export function installPath(context: EmbeddedContext): string {
  return `/install${context.search}`;
}

/** The context of this tab, read once at start-up. */
export function currentEmbedded(): EmbeddedContext | null {
  if (typeof window === 'undefined') return null;
  let tab: Storage | null;
  try {
    tab = window.sessionStorage;
  } catch {
    tab = null;
  }
  return detectEmbedded(window.location.search, tab);
}
