import { screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { makeStore } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { ShopifyCallback } from './shopify-callback';

describe('/callback (Shopify install)', () => {
  it('posts every query parameter once, then goes to the channel page with a toast', async () => {
    const calls = mockApi((c) =>
      c.path === 'auth/platform/shopify/callback'
        ? { data: { store: makeStore('acme', { name: 'Acme Store' }) } }
        : { data: { stores: [] } },
    );
    const search = '?code=c1&hmac=h1&host=aG9zdA&shop=acme.myshopify.com&state=s-once-1&timestamp=1700000000';
    window.history.replaceState(null, '', `/callback${search}`);
    const { router } = renderRoute(
      <StrictMode>
        <ShopifyCallback />
      </StrictMode>,
      { path: `/callback${search}`, route: '/callback' },
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/channel'));
    const posts = calls.filter((c) => c.path === 'auth/platform/shopify/callback');
    expect(posts).toHaveLength(1);
    expect(posts[0].body).toEqual({
      code: 'c1',
      hmac: 'h1',
      host: 'aG9zdA',
      shop: 'acme.myshopify.com',
      state: 's-once-1',
      timestamp: '1700000000',
    });
    expect(await screen.findByText('Acme Store is connected.')).toBeTruthy();
  });

  it('shows the error and still returns to the channel page', async () => {
    mockApi((c) =>
      c.path === 'auth/platform/shopify/callback'
        ? { status: 201, success: false, message: 'This install link was not signed by Shopify' }
        : { data: { stores: [] } },
    );
    const search = '?code=c2&hmac=bad&shop=acme.myshopify.com&state=s-once-2&timestamp=1';
    window.history.replaceState(null, '', `/callback${search}`);
    const { router } = renderRoute(<ShopifyCallback />, { path: `/callback${search}`, route: '/callback' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/channel'));
    expect(await screen.findByText('This install link was not signed by Shopify')).toBeTruthy();
  });
});
