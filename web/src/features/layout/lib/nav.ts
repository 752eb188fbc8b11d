/**
 * Navigation model and visibility rules (spec section 2). Pure data: the components map icon
 * names to icons and badge keys to counts.
 */
export type BadgeKey = 'import_list' | 'product_list' | 'order_list' | 'chat_unread_count';
export type NavIcon =
  'home' | 'search' | 'shirt' | 'import' | 'box' | 'cart' | 'users' | 'settings' | 'plug' | 'help' | 'manage' | 'gauge' | 'wallet';

export interface NavItem {
  id: string;
  /** i18n key of the label. */
  labelKey: string;
  /** i18n key of a shorter label (mobile tab bar). */
  shortLabelKey?: string;
  to: string;
  icon: NavIcon;
  badge?: BadgeKey;
  external?: boolean;
  /** Shows a "New" badge. */
  isNew?: boolean;
  /** Path prefixes that select this item (default: `to`). */
  matches?: string[];
  /** Selected only on an exact match of `to`. */
  exact?: boolean;
}

export interface NavContext {
  /** Embedded in a store admin. */
  isEmbedded: boolean;
  /** Mobile width or mobile app wrapper. */
  isMobile: boolean;
  /** Billing hidden (mobile app wrapper `is_hide_billing`). */
  isHideBilling: boolean;
  /** The account has a connected shop. */
  hasShop: boolean;
}

export interface NavGroups {
  top: NavItem[];
  extra: NavItem[];
}

export const SETTINGS_PATH = '/app/setting/account';

const item = {
  home: { id: 'home', labelKey: 'nav.home', to: '/app', icon: 'home', exact: true },
  findProduct: { id: 'find-product', labelKey: 'nav.findProduct', to: '/app/find-product', icon: 'search' },
  podProduct: { id: 'pod-product', labelKey: 'nav.podProduct', to: '/app/pod-product', icon: 'shirt', isNew: true },
  importList: { id: 'import-list', labelKey: 'nav.importList', to: '/app/products-import', icon: 'import', badge: 'import_list' },
  productCenter: {
    id: 'product-center',
    labelKey: 'nav.productCenter',
    to: '/app/products-center',
    icon: 'box',
    badge: 'product_list',
    matches: ['/app/products-center', '/app/products/auto-update'],
  },
  orderList: {
    id: 'order-list',
    labelKey: 'nav.orderList',
    to: '/app/orders',
    icon: 'cart',
    badge: 'order_list',
    matches: ['/app/orders', '/app/v2/orders', '/app/tracking-center', '/app/manage/tracking'],
  },
  wallet: { id: 'wallet', labelKey: 'nav.wallet', to: '/app/setting/wallet', icon: 'wallet' },
  community: { id: 'community', labelKey: 'nav.community', to: '/app/community', icon: 'users' },
  generalSetting: { id: 'general-setting', labelKey: 'nav.generalSetting', to: SETTINGS_PATH, icon: 'settings', matches: ['/app/setting'] },
  storeAnalytics: { id: 'store-analytics', labelKey: 'nav.storeAnalytics', to: '/app/store-analytics', icon: 'gauge', isNew: true },
  manage: { id: 'manage', labelKey: 'nav.manage', to: '/app/manage', icon: 'manage' },
  integration: { id: 'integration', labelKey: 'nav.integration', to: '/app/setting/integration', icon: 'plug' },
} satisfies Record<string, NavItem>;

function when(condition: boolean, navItem: NavItem): NavItem[] {
  return condition ? [navItem] : [];
}

/** Side navigation: the top group and the bottom "Extra" group. */
export function sideNavGroups(ctx: NavContext, helpCenterUrl: string): NavGroups {
  const top: NavItem[] = [
    // home: hidden in the side navigation (the logo and the workplace selector lead home)
    item.findProduct,
    item.podProduct,
    item.importList,
    item.productCenter,
    item.orderList,
    item.wallet,
    item.storeAnalytics,
    ...when(ctx.isEmbedded && !ctx.isMobile, item.community),
    ...when(ctx.isEmbedded, item.generalSetting),
    // manage page: hidden
  ];
  const extra: NavItem[] = ctx.isEmbedded
    ? []
    : [
        ...when(!ctx.isHideBilling, item.generalSetting),
        ...when(ctx.hasShop, item.integration),
        ...when(!ctx.isMobile, item.community),
        { id: 'help-center', labelKey: 'nav.helpCenter', to: helpCenterUrl, icon: 'help', external: true },
      ];
  return { top, extra };
}

/** Mobile bottom tab bar. */
export function mobileTabs(ctx: Pick<NavContext, 'isHideBilling'>): NavItem[] {
  const tab = (navItem: NavItem, shortLabelKey: string): NavItem => ({ ...navItem, shortLabelKey });
  return [
    tab(item.home, 'nav.tabs.home'),
    tab(item.findProduct, 'nav.tabs.findProduct'),
    tab(item.productCenter, 'nav.tabs.productCenter'),
    tab(item.orderList, 'nav.tabs.orderList'),
    ...when(!ctx.isHideBilling, { ...tab(item.generalSetting, 'nav.tabs.generalSetting'), badge: 'chat_unread_count' as const }),
  ];
}

function matchesPrefix(pathname: string, prefix: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** The item the current path selects: the longest matching prefix wins. */
export function selectedNavId(items: readonly NavItem[], pathname: string): string | undefined {
  let best: { id: string; length: number } | undefined;
  for (const navItem of items) {
    if (navItem.external) continue;
    const prefixes = navItem.exact ? [] : (navItem.matches ?? [navItem.to]);
    const exactHit = navItem.exact && (pathname.replace(/\/+$/, '') || '/') === navItem.to;
    const length = exactHit ? navItem.to.length : Math.max(-1, ...prefixes.filter((p) => matchesPrefix(pathname, p)).map((p) => p.length));
    if (length >= 0 && (!best || length > best.length)) best = { id: navItem.id, length };
  }
  return best?.id;
}
