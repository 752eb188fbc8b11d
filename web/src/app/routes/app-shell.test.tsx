import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { STORAGE_KEYS } from '@/lib/storage';
import { setMobile } from '@/test/media';
import { pick } from '@/test/menu';
import type { Account } from '@/types/api';
import { routes } from './routes';

const account: Account = {
  id: 'u1',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  avatar: null,
  email_verified: true,
  language: 'en',
  has_shop: false,
  workplaces: [
    { id: 'w1', name: 'Main shop', currency: 'USD' },
    { id: 'w2', name: 'Second', currency: 'EUR' },
  ],
  linked_stores: {},
  onboarding: [],
  remaining_meta_keys: [],
  plan_reinstalled: false,
  from_user_mkt: false,
  from_mobile: false,
  payment_mode: 'live',
  is_ab: false,
  is_new_pricing_mvp: false,
  is_new_pricing_mvp_v25: false,
  is_user_mkt: false,
  is_workplace_no_store: true,
  onboarding_enabled: true,
  is_hide_billing: false,
  created_at: '2026-01-01T00:00:00Z',
  is_anonymous: false,
};

function serve(overrides: { account?: Partial<Account>; isFree?: boolean; importUsage?: number } = {}) {
  const data: Record<string, unknown> = {
    'auth/account': { ...account, ...overrides.account },
    'auth/account/statistic': { import_list: 3, product_list: 150, order_list: 0, chat_unread_count: 2 },
    'payments/user/current-plan': {
      package: {
        key: 'FREE',
        name: 'Free',
        price: 0,
        cycle: 30,
        is_free: overrides.isFree ?? true,
        features: { IMPORT_PRODUCT: { limit: 50, usage: overrides.importUsage ?? 5 } },
      },
    },
    'core/list-notification': { unread: { total: 120, product: 0, supplier: 0, order: 0 }, items: [] },
    'core/settings/quick-start-guide': {
      dismiss: false,
      done: false,
      active_step: 'FIND_AND_IMPORT',
      steps: { CHOOSE_A_PLAN: true, FIND_AND_IMPORT: false, PUSH_PRODUCT: false, PLACE_ORDER: false },
    },
    'auth/first-time-in-app': { progress_id: 'p1' },
  };
  const calls: { path: string; headers: Headers; method: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      const path = String(input)
        .replace(/^\/api\//, '')
        .split('?')[0];
      const headers = new Headers(init.headers);
      calls.push({ path, headers, method: init.method ?? 'GET' });
      if (path === 'stores/list-store') {
        const wp = headers.get('workplace-id');
        const stores = [
          {
            id: `${wp}-a`,
            platform: 'shopify',
            platform_domain: `${wp}-a.myshopify.com`,
            domain: '',
            name: `${wp} A`,
            currency: 'USD',
            workplace_id: wp,
            is_default: false,
            status: 'connected',
            setup: 'ready',
            setup_error: null,
            connected_at: '',
            metadata: null,
          },
          {
            id: `${wp}-b`,
            platform: 'shopify',
            platform_domain: `${wp}-b.myshopify.com`,
            domain: '',
            name: `${wp} B`,
            currency: 'USD',
            workplace_id: wp,
            is_default: true,
            status: 'connected',
            setup: 'ready',
            setup_error: null,
            connected_at: '',
            metadata: null,
          },
        ];
        return new Response(JSON.stringify({ status: 200, success: true, message: 'OK', data: { stores } }), { status: 200 });
      }
      const body =
        path in data
          ? { status: 200, success: true, message: 'OK', data: data[path] }
          : { status: 202, success: false, message: 'Not found', data: null };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
  return calls;
}

function renderApp(path = '/app') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider swr={{ provider: () => new Map() }}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

describe('signed-in shell', () => {
  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'tok');
    setMobile(false);
  });
  it('renders the top bar, side navigation with capped badges, and the quick-start guide', async () => {
    const calls = serve();
    renderApp();
    expect(await screen.findByTestId('dashboard-shell')).toBeTruthy();
    expect(await screen.findByTestId('upgrade-button')).toBeTruthy();
    expect(screen.getByTestId('side-nav')).toBeTruthy();
    expect(screen.queryByTestId('mobile-tab-bar')).toBeNull();
    expect((await screen.findByTestId('nav-badge-product-center')).textContent).toBe('99+');
    expect(screen.getByTestId('nav-badge-import-list').textContent).toBe('3');
    expect(screen.queryByTestId('nav-badge-order-list')).toBeNull();
    expect((await screen.findByTestId('notification-badge')).textContent).toBe('99+');
    expect(await screen.findByTestId('quick-start')).toBeTruthy();
    expect(screen.getByTestId('quick-start-step-FIND_AND_IMPORT').getAttribute('data-active')).toBe('true');
    // integration is hidden without a shop
    expect(screen.queryByTestId('nav-integration')).toBeNull();
    // the first visit starts the welcome job once; the account call carries no workplace-id
    await vi.waitFor(() => expect(calls.some((c) => c.path === 'auth/first-time-in-app' && c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.path === 'auth/account')?.headers.get('workplace-id')).toBeNull();
    const scoped = calls.filter((c) => c.path !== 'auth/account');
    expect(scoped.length).toBeGreaterThan(3);
    for (const call of scoped) expect(call.headers.get('workplace-id'), call.path).toBe('w1');
  });

  it("switching workplace selects that workplace's shop without a reload", async () => {
    serve();
    renderApp();
    const selector = await screen.findByTestId('store-selector');
    await vi.waitFor(() => expect(selector.getAttribute('data-current')).toBe('w1-b'));
    expect(window.localStorage.getItem(STORAGE_KEYS.shopId)).toBe('w1-b');
    fireEvent.click(screen.getByTestId('workplace-selector'));
    await pick(await screen.findByTestId('workplace-option-w2'));
    await vi.waitFor(() => expect(screen.getByTestId('store-selector').getAttribute('data-current')).toBe('w2-b'));
    expect(window.localStorage.getItem(STORAGE_KEYS.shopId)).toBe('w2-b');
    expect(window.localStorage.getItem(STORAGE_KEYS.workplaceId)).toBe('w2');
  });

  it('hides Upgrade on a paid plan', async () => {
    serve({ isFree: false });
    renderApp();
    expect(await screen.findByTestId('usage-button')).toBeTruthy();
    await screen.findByTestId('quick-start');
    expect(screen.queryByTestId('upgrade-button')).toBeNull();
  });

  it('hides billing entries when the mobile app hides billing', async () => {
    serve({ account: { is_hide_billing: true } });
    renderApp();
    const extra = await screen.findByTestId('side-nav-extra');
    expect(within(extra).queryByTestId('nav-general-setting')).toBeNull();
    expect(screen.queryByTestId('upgrade-button')).toBeNull();
  });

  it('says "Limit quota exceeded" instead of Upgrade in the mobile app once a quota is used up', async () => {
    serve({ account: { is_hide_billing: true }, importUsage: 50 });
    renderApp();
    expect((await screen.findByTestId('limit-exceeded')).textContent).toBe('Limit quota exceeded');
    expect(screen.queryByTestId('upgrade-button')).toBeNull();
  });

  it('shows a marketing user no Upgrade and no quota badge', async () => {
    serve({ account: { is_user_mkt: true } });
    renderApp();
    await screen.findByTestId('usage-button');
    expect(screen.queryByTestId('upgrade-button')).toBeNull();
    expect(screen.queryByTestId('limit-exceeded')).toBeNull();
  });

  it('uses the bottom tab bar instead of the side navigation at mobile width', async () => {
    setMobile(true);
    serve();
    renderApp('/app/orders');
    const bar = await screen.findByTestId('mobile-tab-bar');
    expect(screen.queryByTestId('side-nav')).toBeNull();
    expect(within(bar).getAllByRole('link')).toHaveLength(5);
    expect(within(bar).getByTestId('tab-order-list').getAttribute('aria-current')).toBe('page');
    expect(await screen.findByTestId('order-center-page', {}, { timeout: 5000 })).toBeTruthy();
  });
});

describe('settings menu, app switcher and back-to-top', () => {
  beforeEach(() => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'tok');
    setMobile(false);
  });

  it('shows the settings side menu on a settings page, with the page selected, and not elsewhere', async () => {
    serve();
    renderApp('/app/setting/account');
    const menu = await screen.findByTestId('settings-menu');
    const labels = within(menu)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(labels).toEqual(['Account', 'Billing', 'Notification', 'Product', 'Fulfillment', 'Order fulfillment', 'Wallet', 'Channel']);
    expect(within(menu).getByTestId('settings-menu-account').getAttribute('aria-current')).toBe('page');
    expect(within(menu).getByTestId('settings-menu-notification').getAttribute('href')).toBe('/app/setting/notification');
    fireEvent.click(within(menu).getByTestId('settings-menu-wallet'));
    await vi.waitFor(() => expect(screen.getByTestId('settings-menu-wallet').getAttribute('aria-current')).toBe('page'));
  });

  it('leaves Billing out of the settings menu when billing is hidden, and has no menu off the settings pages', async () => {
    serve({ account: { is_hide_billing: true } });
    renderApp('/app/setting/account');
    const menu = await screen.findByTestId('settings-menu');
    expect(within(menu).queryByTestId('settings-menu-billing')).toBeNull();
    cleanupAndRender('/app/store-analytics');
    await screen.findByTestId('dashboard-shell');
    expect(screen.queryByTestId('settings-menu')).toBeNull();
  });

  it('lists Dropline and the product researcher in the app switcher, never the extension', async () => {
    serve();
    renderApp();
    fireEvent.click(await screen.findByTestId('app-switcher'));
    const menu = await screen.findByTestId('app-switcher-menu');
    expect(within(menu).getByTestId('app-switcher-dropline').textContent).toContain('Dropline');
    const researcher = within(menu).getByTestId('app-switcher-researcher');
    expect(researcher.getAttribute('href')).toBe('https://dropline.dev/researcher');
    expect(researcher.getAttribute('target')).toBe('_blank');
    expect(within(menu).queryByTestId('app-switcher-extension')).toBeNull();
  });

  it('shows back-to-top only past 500 px and scrolls up with it', async () => {
    serve();
    renderApp();
    await screen.findByTestId('dashboard-shell');
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const scroll = (y: number) => {
      Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
      fireEvent.scroll(window);
    };
    scroll(500);
    expect(screen.queryByTestId('back-to-top')).toBeNull();
    scroll(501);
    fireEvent.click(await screen.findByTestId('back-to-top'));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    scroll(0);
    await vi.waitFor(() => expect(screen.queryByTestId('back-to-top')).toBeNull());
  });
});

function cleanupAndRender(path: string) {
  cleanup();
  renderApp(path);
}
