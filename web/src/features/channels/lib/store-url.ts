/**
 * Store addresses as users type them (spec, second document section 5 "Store URL"), normalised
 * the way the API does (jobs/src/domain/store_address.rs) so the client check matches the server.
 */
import type { LinkedStore, Store, StorePlatform } from '@/types/api';

export const SHOPIFY_SUFFIX = '.myshopify.com';
export const ALREADY_EXISTS_MESSAGE = 'StoreAlreadyExistsInThisAccount';

/** `acme`, `acme.myshopify.com`, `https://acme.myshopify.com/admin` → `acme.myshopify.com`; else null. */
export function shopifyDomain(raw: string): string | null {
  let s = raw.trim().toLowerCase();
  s = s.replace(/^https?:\/\//, '');
  const host = s.split(/[/?#]/)[0] ?? '';
  const name = host.endsWith(SHOPIFY_SUFFIX) ? host.slice(0, -SHOPIFY_SUFFIX.length) : host;
  if (!name || name.length > 60 || !/^[a-z0-9-]+$/.test(name) || name.startsWith('-') || name.endsWith('-')) return null;
  return `${name}${SHOPIFY_SUFFIX}`;
}

/**
 * A WooCommerce store's domain: host (without `www.`), port and path, no scheme and no trailing
 * slash; null when it is not an address.
 */
export function wooDomain(raw: string): string | null {
  const s = raw.trim();
  if (!s) return null;
  const withScheme = /^https?:\/\//i.test(s) ? s : `https://${s.replace(/^\/+/, '')}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (!url.hostname || url.search || url.hash || url.username) return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const port = url.port ? `:${url.port}` : '';
  const path = url.pathname.replace(/\/+$/, '');
  return `${host}${port}${path}`;
}

/** The platform domain of a typed address, or null when it cannot be one. */
export function storeDomain(platform: StorePlatform, raw: string): string | null {
  return platform === 'shopify' ? shopifyDomain(raw) : wooDomain(raw);
}

/**
 * True when the typed store is already one of the account's shops: a connected store of the
 * workplace's list, or a store linked to the account in another workplace.
 */
export function storeAlreadyExists(
  platform: StorePlatform,
  raw: string,
  stores: readonly Store[],
  linked: Record<string, LinkedStore[] | undefined> = {},
): boolean {
  const domain = storeDomain(platform, raw);
  if (!domain) return false;
  const listed = new Set(stores.map((s) => s.id));
  if (stores.some((s) => s.platform === platform && s.status === 'connected' && s.platform_domain.toLowerCase() === domain)) return true;
  return (linked[platform] ?? []).some((s) => !listed.has(s.id) && s.platform_domain.toLowerCase() === domain);
}
