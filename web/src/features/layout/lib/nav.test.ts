import { describe, expect, it } from 'vitest';
import { type NavContext, mobileTabs, selectedNavId, sideNavGroups } from './nav';

const HELP = 'https://help.example/';
const base: NavContext = { isEmbedded: false, isMobile: false, isHideBilling: false, hasShop: true };
const ids = (items: { id: string }[]) => items.map((i) => i.id);

describe('side navigation visibility', () => {
  it('web app: top group without home, manage, community or general setting; Extra group below', () => {
    const { top, extra } = sideNavGroups(base, HELP);
    expect(ids(top)).toEqual(['find-product', 'pod-product', 'import-list', 'product-center', 'order-list', 'wallet', 'store-analytics']);
    expect(ids(extra)).toEqual(['general-setting', 'integration', 'community', 'help-center']);
    expect(extra.find((i) => i.id === 'help-center')).toMatchObject({ to: HELP, external: true });
  });

  it('badges: import_list, product_list, order_list', () => {
    const { top } = sideNavGroups(base, HELP);
    expect(Object.fromEntries(top.filter((i) => i.badge).map((i) => [i.id, i.badge]))).toEqual({
      'import-list': 'import_list',
      'product-center': 'product_list',
      'order-list': 'order_list',
    });
  });

  it('hides general setting in Extra when billing is hidden', () => {
    expect(ids(sideNavGroups({ ...base, isHideBilling: true }, HELP).extra)).not.toContain('general-setting');
  });

  it('hides community in Extra on mobile', () => {
    expect(ids(sideNavGroups({ ...base, isMobile: true }, HELP).extra)).toEqual(['general-setting', 'integration', 'help-center']);
  });

  it('hides the integration item without a shop', () => {
    expect(ids(sideNavGroups({ ...base, hasShop: false }, HELP).extra)).not.toContain('integration');
  });

  it('embedded: no Extra group; community (desktop only) and general setting in the top group', () => {
    const desktop = sideNavGroups({ ...base, isEmbedded: true }, HELP);
    expect(desktop.extra).toEqual([]);
    expect(ids(desktop.top)).toEqual([
      'find-product',
      'pod-product',
      'import-list',
      'product-center',
      'order-list',
      'wallet',
      'store-analytics',
      'community',
      'general-setting',
    ]);
    const mobile = sideNavGroups({ ...base, isEmbedded: true, isMobile: true }, HELP);
    expect(ids(mobile.top)).not.toContain('community');
    expect(ids(mobile.top)).toContain('general-setting');
  });

  it('marks POD product as new', () => {
    expect(sideNavGroups(base, HELP).top.find((i) => i.id === 'pod-product')?.isNew).toBe(true);
  });
});

describe('mobile tab bar', () => {
  it('has home, find product, product center, order list and general setting with the chat badge', () => {
    const tabs = mobileTabs({ isHideBilling: false });
    expect(ids(tabs)).toEqual(['home', 'find-product', 'product-center', 'order-list', 'general-setting']);
    expect(tabs[4].badge).toBe('chat_unread_count');
  });

  it('hides general setting when billing is hidden', () => {
    expect(ids(mobileTabs({ isHideBilling: true }))).not.toContain('general-setting');
  });
});

describe('selected item follows the path', () => {
  const { top, extra } = sideNavGroups(base, HELP);
  const all = [...top, ...extra];
  it.each([
    ['/app/find-product', 'find-product'],
    ['/app/find-product/experts-choice', 'find-product'],
    ['/app/find-product/aliexpress/detail/1/US', 'find-product'],
    ['/app/pod-product/search', 'pod-product'],
    ['/app/products-import/editor/9', 'import-list'],
    ['/app/products-center', 'product-center'],
    ['/app/products/auto-update', 'product-center'],
    ['/app/orders/detail/1/paid', 'order-list'],
    ['/app/v2/orders', 'order-list'],
    ['/app/setting/billing', 'general-setting'],
    ['/app/setting/integration/ai-writing', 'integration'],
    ['/app/community/', 'community'],
  ])('%s selects %s', (path, id) => {
    expect(selectedNavId(all, path)).toBe(id);
  });

  it('selects nothing for pages outside the navigation, and never matches partial segments', () => {
    expect(selectedNavId(all, '/app')).toBeUndefined();
    expect(selectedNavId(all, '/app/products')).toBeUndefined();
    expect(selectedNavId(all, '/app/find-products')).toBeUndefined();
  });

  it('home tab is selected on /app only', () => {
    const tabs = mobileTabs({ isHideBilling: false });
    expect(selectedNavId(tabs, '/app')).toBe('home');
    expect(selectedNavId(tabs, '/app/')).toBe('home');
    expect(selectedNavId(tabs, '/app/orders')).toBe('order-list');
  });
});
