import { render, screen } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { env } from '@/lib/env';
import { externalNavigation } from './campaign-redirect';
import { APP_PLACEHOLDER_PAGES, PUBLIC_PLACEHOLDER_PAGES, isCampaignPath } from './paths';
import { routes } from './routes';

/** Path of the deepest matched route ('*' means the not-found page). */
function leaf(pathname: string): string | undefined {
  const matches = matchRoutes(routes, pathname);
  return matches?.[matches.length - 1]?.route.path;
}

function concrete(path: string): string {
  return path.replace(/:(\w+)/g, 'x1');
}

const SPEC_PATHS = [
  '/',
  '/public/pricing',
  '/login',
  '/signup',
  '/signup/email-resend',
  '/signup/confirm',
  '/signout',
  '/forgot-password',
  '/forgot-password/email-resend',
  '/reset-password',
  '/auth/email-verification',
  '/auth/store-migrate-verification',
  '/auth/platform/shopify/auto-login',
  '/callback',
  '/install',
  '/auth/google/callback',
  '/store-dropshipping',
  '/recommended/apps',
  '/tracking/123',
  '/app',
  '/app/notifications',
  '/app/recent-notification',
  '/app/setting',
  '/app/setting/account',
  '/app/channel',
  '/app/setting/channel',
  '/app/store-analytics',
  '/app/auth/bind/platform',
  '/app/find-product',
  '/app/find-product/collection',
  '/app/find-product/trending',
  '/app/find-product/aliexpress/detail/1005001/US',
  '/app/products-import',
  '/app/products-import/editor/42',
  '/app/setting/product',
  '/app/setting/integration/ai-writing',
  '/app/setting/integration/product-copy',
  '/app/ob-ai-enhancer',
  '/app/find-product/favorite-supplier',
  '/app/products',
  '/app/products/map/7',
  '/app/products-center',
  '/app/products-center/editor/p1',
  '/app/products/auto-update',
  '/app/orders',
  '/app/v2/orders',
  '/app/orders/create',
  '/app/orders/detail/o1/ready',
  '/app/orders/payment-confirmation',
  '/app/orders/payment-success',
  '/app/setting/wallet',
  '/app/setting/order/order-placement',
  '/app/manage/tracking',
  '/app/tracking-center/import-list',
  '/app/tracking-center/supplier-available',
  '/app/tracking-center/supplier-unavailable',
  '/app/ob-welcome',
  '/app/guide-line',
  '/app/manage',
  '/app/community',
  '/app/list',
  ...APP_PLACEHOLDER_PAGES.map((p) => `/app/${concrete(p.path)}`),
];

describe('route table', () => {
  it.each(SPEC_PATHS)('%s is a registered page', (path) => {
    expect(leaf(path)).not.toBe('*');
    expect(matchRoutes(routes, path)).not.toBeNull();
  });

  it.each(['/nope', '/app/nope', '/login/extra/segments', '/app/setting/unknown-page'])(
    '%s falls through to the not-found page',
    (path) => {
      expect(leaf(path)).toBe('*');
    },
  );

  it.each([
    ['/app/find-product', 'find-product'],
    ['/app/find-product/collection', 'find-product/collection'],
    ['/app/find-product/trending', 'find-product/:collectionId'],
    ['/app/find-product/image', 'find-product/image'],
    ['/app/find-product/experts-choice', 'find-product/experts-choice'],
    ['/app/find-product/cj/detail/7/GB', 'find-product/:productSource/detail/:productId/:shipTo'],
    ['/app/products-import/editor/9', 'products-import/editor/:productCenterId'],
    ['/app/setting/product', 'setting/product'],
    ['/app/setting/integration/ai-writing', 'setting/integration/ai-writing'],
    ['/app/setting/integration/product-copy', 'setting/integration/product-copy'],
    ['/app/ob-ai-enhancer', 'ob-ai-enhancer'],
    ['/app/find-product/favorite-supplier', 'find-product/favorite-supplier'],
    ['/app/products', 'products'],
    ['/app/products/map/7', 'products/map/:id'],
    ['/app/products/auto-update', 'products/auto-update'],
    ['/app/products-center', 'products-center'],
    ['/app/products-center/editor/9', 'products-center/editor/:productCenterId'],
    ['/app/orders', 'orders'],
    ['/app/v2/orders', 'v2/orders'],
    ['/app/orders/create', 'orders/create'],
    ['/app/orders/detail/o1/waiting_payment', 'orders/detail/:orderId/:orderStatus'],
    ['/app/orders/payment-success', 'orders/payment-success'],
    ['/app/setting/wallet', 'setting/wallet'],
    ['/app/manage/tracking', 'manage/tracking'],
    ['/app/tracking-center/import-list', 'tracking-center/import-list'],
    ['/app/tracking-center/supplier-available', 'tracking-center/supplier-available'],
    ['/app/tracking-center/supplier-unavailable', 'tracking-center/supplier-unavailable'],
    ['/tracking/abc', '/tracking/:orderId'],
  ])('%s is the %s page', (path, route) => {
    expect(leaf(path)).toBe(route);
  });

  it('builds the screens of issue 19 (none of them a placeholder)', () => {
    const placeholders = [...PUBLIC_PLACEHOLDER_PAGES.map((p) => p.path), ...APP_PLACEHOLDER_PAGES.map((p) => `/app/${p.path}`)];
    for (const path of [
      '/',
      '/signup/confirm',
      '/store-dropshipping',
      '/recommended/apps',
      '/app/ob-welcome',
      '/app/guide-line',
      '/app/manage',
      '/app/community',
      '/app/list',
    ]) {
      expect(placeholders).not.toContain(path);
    }
  });

  it('builds the billing screens of issue 20: no billing route is coming soon', () => {
    const placeholders = [...PUBLIC_PLACEHOLDER_PAGES.map((p) => p.path), ...APP_PLACEHOLDER_PAGES.map((p) => `/app/${p.path}`)];
    for (const path of ['/public/pricing', '/app/setting/billing', '/app/setting/billing-plan/change-plan']) {
      expect(placeholders).not.toContain(path);
      expect(leaf(path)).not.toBe('*');
    }
  });

  it('builds the product center editor (no longer a placeholder)', () => {
    expect(APP_PLACEHOLDER_PAGES.map((p) => p.path)).not.toContain('products-center/editor/:productCenterId');
    expect(leaf('/app/products-center/editor/p1')).toBe('products-center/editor/:productCenterId');
  });

  it('builds the public tracking page (no longer a placeholder)', () => {
    expect(PUBLIC_PLACEHOLDER_PAGES.map((p) => p.path)).not.toContain('/tracking/:orderId');
  });

  it('detects campaign paths anywhere in the path', () => {
    expect(isCampaignPath('/campaign')).toBe(true);
    expect(isCampaignPath('/app/find-product/campaign-summer')).toBe(true);
    expect(isCampaignPath('/partners/Campaign/x')).toBe(true);
    expect(isCampaignPath('/app/find-product')).toBe(false);
  });
});

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

describe('routes rendered', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the not-found page for an unknown path', async () => {
    renderAt('/this/does/not/exist');
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    expect(screen.getByText('Page not found')).toBeTruthy();
  });

  it('redirects any /campaign path to the partners page', async () => {
    const go = vi.spyOn(externalNavigation, 'go').mockImplementation(() => {});
    renderAt('/app/find-product/campaign-2026');
    const el = await screen.findByTestId('campaign-redirect');
    expect(el.getAttribute('data-href')).toBe(env.partnersUrl);
    expect(go).toHaveBeenCalledWith('https://dropline.dev/partners');
  });

  it('shows a translated placeholder with the page title for pages not built yet', async () => {
    renderAt('/auth/store-migrate-verification');
    expect(await screen.findByTestId('coming-soon')).toBeTruthy();
    expect(screen.getByTestId('page-title').textContent).toBe('Store migration verification');
    expect(screen.getByText('This page is coming in a later release.')).toBeTruthy();
  });

  it('sends signed-out visitors of /app to /login with a way back', async () => {
    const router = renderAt('/app/orders');
    expect(await screen.findByTestId('login-page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/app/orders');
  });
});
