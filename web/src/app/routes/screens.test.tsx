import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { STORAGE_KEYS } from '@/lib/storage';
import { setMobile } from '@/test/media';
import { routes } from './routes';

const account = {
  id: 'u1',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  avatar: null,
  email_verified: true,
  language: 'en',
  has_shop: false,
  workplaces: [{ id: 'w1', name: 'Main shop', currency: 'USD' }],
  linked_stores: {},
  is_user_mkt: false,
  is_hide_billing: false,
  created_at: '2026-01-01T00:00:00Z',
};

const APPS = [
  {
    name: 'Dropline Reviews',
    short_description: 'Reviews after delivery.',
    app_store_url: 'https://apps.example/r',
    website_url: '',
    category: '',
    own_brand: true,
  },
  {
    name: 'Klaviyo',
    short_description: 'Email and SMS.',
    app_store_url: 'https://apps.example/k',
    website_url: 'https://k.example',
    category: 'Marketing',
  },
  { name: 'Okendo', short_description: 'Reviews.', app_store_url: 'https://apps.example/o', category: 'Marketing' },
  { name: 'PageFly', short_description: 'Page builder.', app_store_url: 'https://apps.example/p', category: 'Store design' },
];

const calls: { path: string; method: string; body: unknown }[] = [];

function serve(overrides: Record<string, unknown> = {}) {
  const data: Record<string, unknown> = {
    'auth/account': account,
    'auth/account/statistic': { import_list: 3, product_list: 12, order_list: 5, chat_unread_count: 0 },
    'payments/user/current-plan': { package: { key: 'FREE', name: 'Free', price: 0, cycle: 30, is_free: true, features: {} } },
    'core/list-notification': { unread: { total: 0, product: 0, supplier: 0, order: 0 }, items: [] },
    'core/settings/quick-start-guide': {
      dismiss: true,
      done: false,
      active_step: 'PUSH_PRODUCT',
      steps: { CHOOSE_A_PLAN: true, FIND_AND_IMPORT: true, PUSH_PRODUCT: false, PLACE_ORDER: false },
    },
    'stores/list-store': { stores: [] },
    'apps/recommended': { apps: APPS },
    'auth/send-verification-email': null,
    ...overrides,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      const path = String(input)
        .replace(/^\/api\//, '')
        .split('?')[0];
      calls.push({ path, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : null });
      const body =
        path in data
          ? { status: 200, success: true, message: 'OK', data: data[path] }
          : { status: 202, success: false, message: 'Not found', data: null };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider swr={{ provider: () => new Map() }}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

beforeEach(() => {
  calls.length = 0;
  setMobile(false);
  serve();
});
afterEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

describe('public screens', () => {
  it('/ shows visitors the landing page with the way in', async () => {
    renderAt('/');
    expect(await screen.findByTestId('landing-page')).toBeTruthy();
    expect(screen.getByTestId('page-title').textContent).toBe('Dropshipping from product to parcel');
    expect(screen.getByTestId('landing-signup').getAttribute('href')).toBe('/signup');
    expect(within(screen.getByTestId('landing-steps')).getAllByRole('heading', { level: 3 })).toHaveLength(4);
    expect(screen.queryByTestId('coming-soon')).toBeNull();
  });

  it('/ still opens the dashboard for a signed-in owner', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'tok');
    const router = renderAt('/');
    expect(await screen.findByTestId('home-page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app');
  });

  it('/store-dropshipping explains connecting a store and what flows', async () => {
    renderAt('/store-dropshipping');
    expect(await screen.findByTestId('store-dropshipping-page')).toBeTruthy();
    expect(within(screen.getByTestId('store-connect')).getByText('Shopify')).toBeTruthy();
    expect(within(screen.getByTestId('store-connect')).getByText('WooCommerce')).toBeTruthy();
    expect(screen.getByTestId('store-cta').getAttribute('href')).toBe('/signup');
  });

  it('/store-dropshipping sends a signed-in owner to connect a store', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, 'tok');
    renderAt('/store-dropshipping');
    expect((await screen.findByTestId('store-cta')).getAttribute('href')).toBe('/app/channel');
  });

  it('/recommended/apps lists the catalogue from the API, ours first, then one section per category', async () => {
    renderAt('/recommended/apps');
    expect(await screen.findByTestId('apps-group-ours')).toBeTruthy();
    expect(within(screen.getByTestId('apps-group-ours')).getByText('Dropline Reviews')).toBeTruthy();
    const marketing = screen.getByTestId('apps-group-marketing');
    expect(within(marketing).getAllByTestId('recommended-app')).toHaveLength(2);
    expect(within(screen.getByTestId('apps-group-store-design')).getByText('PageFly')).toBeTruthy();
    expect(within(marketing).getByRole('heading', { level: 2 }).textContent).toBe('Marketing');
    expect(calls.some((c) => c.path === 'apps/recommended')).toBe(true);
  });

  it('/signup/confirm explains confirming and sends a new link', async () => {
    const router = renderAt('/signup/confirm');
    expect(await screen.findByTestId('signup-confirm-page')).toBeTruthy();
    expect(within(screen.getByTestId('signup-confirm-steps')).getAllByRole('listitem')).toHaveLength(3);
    fireEvent.change(screen.getByTestId('signup-confirm-email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByTestId('signup-confirm-submit'));
    expect(await screen.findByText(/valid email/i)).toBeTruthy();
    fireEvent.change(screen.getByTestId('signup-confirm-email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByTestId('signup-confirm-submit'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/signup/email-resend'), { timeout: 5000 });
    expect(calls.find((c) => c.path === 'auth/send-verification-email')?.body).toEqual({ email: 'ada@example.com' });
  });
});

describe('signed-in screens', () => {
  beforeEach(() => window.localStorage.setItem(STORAGE_KEYS.token, 'tok'));

  it('/app/ob-welcome greets the owner and starts with the store', async () => {
    renderAt('/app/ob-welcome');
    expect(await screen.findByText('Welcome to Dropline, Ada')).toBeTruthy();
    expect(within(screen.getByTestId('welcome-store')).getByRole('link').getAttribute('href')).toBe('/app/channel');
    // The onboarding steps in the spec's default order, the first one where to start.
    expect(screen.getByTestId('onboarding-steps').getAttribute('data-order')).toBe('marketplace_import,pricing,order,normal_import');
    expect(within(screen.getByTestId('onboarding-step-marketplace_import')).getByText('Start here')).toBeTruthy();
    expect(within(screen.getByTestId('onboarding-step-pricing')).getByRole('link').getAttribute('href')).toBe('/app/setting/product');
    // Billing stays out of onboarding (spec: the user menu hides it; so does the upgrade button).
    expect(screen.queryByTestId('upgrade-button')).toBeNull();
  });

  it('/app/guide-line shows where each quick-start step stands, even with the home checklist dismissed', async () => {
    renderAt('/app/guide-line');
    expect(await screen.findByTestId('guide-page')).toBeTruthy();
    await vi.waitFor(() => expect(screen.getByTestId('guide-step-FIND_AND_IMPORT').getAttribute('data-done')).toBe('true'));
    expect(screen.getByTestId('guide-step-PUSH_PRODUCT').getAttribute('data-done')).toBeNull();
    expect(screen.getAllByTestId(/^guide-topic-/)).toHaveLength(6);
  });

  it('/app/manage counts what waits in each area', async () => {
    renderAt('/app/manage');
    expect(await screen.findByTestId('manage-page')).toBeTruthy();
    await vi.waitFor(() => expect(screen.getByTestId('manage-orders-count').textContent).toBe('5'));
    expect(screen.getByTestId('manage-importList-count').textContent).toBe('3');
    expect(within(screen.getByTestId('manage-tracking')).getByRole('link').getAttribute('href')).toBe('/app/manage/tracking');
  });

  it('/app/community links to the community, the changelog and the help center', async () => {
    renderAt('/app/community');
    expect(await screen.findByTestId('community-page')).toBeTruthy();
    const hrefs = ['forum', 'changelog', 'help'].map((k) =>
      within(screen.getByTestId(`community-${k}`))
        .getByRole('link')
        .getAttribute('href'),
    );
    expect(hrefs).toEqual(['https://dropline.dev/community', 'https://dropline.dev/changelog', 'https://dropline.dev/help']);
  });

  it('/app/list opens the product list (the product center)', async () => {
    const router = renderAt('/app/list');
    // The redirect waits for its lazy route: a busy machine takes longer than waitFor's 1 s.
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/app/products-center'), { timeout: 5000 });
  });
});
