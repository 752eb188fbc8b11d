import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { renderRoute } from '@/test/render';
import { EMPTY_PLACEMENTS, placementSession } from '../lib/placement-session';
import { CreateOrderPage } from './create-order-page';

const PREVIEW = {
  orders: [
    {
      order_id: 'o1',
      name: '#1001',
      sources: [
        {
          source: 'aliexpress',
          lines: ['l1'],
          product_cost: 17,
          shipping_cost: 4.5,
          total: 21.5,
          placeable: true,
          error_key: null,
          message: null,
          warning: null,
        },
        {
          source: 'cj',
          lines: ['l2'],
          product_cost: 5,
          shipping_cost: 2,
          total: 7,
          placeable: false,
          error_key: 'product_out_of_stock',
          message: 'ProductOutOfStock',
          warning: null,
        },
      ],
    },
  ],
  total: 21.5,
};

describe('create order', () => {
  afterEach(() => {
    placementSession.set(EMPTY_PLACEMENTS);
  });

  it('previews the supplier orders, then confirms, creates and pays from the wallet', async () => {
    const calls = mockApi((c) => {
      if (c.path === 'orders/v4/preview' || c.path === 'orders/v4/confirm') return { data: PREVIEW };
      if (c.path === 'orders/v5/create')
        return { data: { items: [{ id: 'so9', order_id: 'o1', order_name: '#1001', source: 'aliexpress', status: 'processing' }] } };
      return undefined;
    });
    const { router } = renderRoute(<CreateOrderPage />, { path: `/app/orders/create?orders=${encodeURIComponent('["o1"]')}` });
    expect((await screen.findByTestId('preview-total')).textContent).toBe('$21.50');
    expect(calls.find((c) => c.path === 'orders/v4/preview')!.body).toEqual({ order_ids: ['o1'] });
    expect(screen.getByTestId('preview-source-error').textContent).toBe('The product is out of stock.');
    fireEvent.click(screen.getByTestId('create-order-submit'));
    await waitFor(() => expect(calls.find((c) => c.path === 'orders/v5/create')?.body).toEqual({ order_ids: ['o1'], pay: 'wallet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/orders'));
    expect(placementSession.get()).toEqual({ ids: ['so9'], open: true });
  });

  it('without an AliExpress account, placing asks the owner to sign in there and sends the browser to AliExpress', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const calls = mockApi((c) => {
      if (c.path === 'orders/v4/preview' || c.path === 'orders/v4/confirm') return { data: PREVIEW };
      if (c.path === 'suppliers/aliexpress/account') return { data: { account: { connected: false } } };
      if (c.path === 'orders/v5/create')
        return { status: 422, message: 'SignInToYourAliExpressAccount', errors: { aliexpress_account: ['SignInToYourAliExpressAccount'] } };
      if (c.path === 'suppliers/aliexpress/auth') return { data: { url: 'https://api-sg.aliexpress.com/oauth/authorize?client_id=k' } };
      return undefined;
    });
    const { router } = renderRoute(<CreateOrderPage />, { path: `/app/orders/create?orders=${encodeURIComponent('["o1"]')}` });
    expect((await screen.findByTestId('aliexpress-account')).getAttribute('data-connected')).toBe('false');
    fireEvent.click(screen.getByTestId('create-order-submit'));
    const dialog = await screen.findByTestId('aliexpress-sign-in-dialog');
    expect(dialog.textContent).toContain('Sign in to your AliExpress account');
    fireEvent.click(screen.getByTestId('aliexpress-sign-in'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://api-sg.aliexpress.com/oauth/authorize?client_id=k'));
    expect(calls.some((c) => c.path === 'suppliers/aliexpress/auth' && c.method === 'POST')).toBe(true);
    expect(router.state.location.pathname).toBe('/app/orders/create');
    vi.unstubAllGlobals();
  });

  it('without orders it leads back to the order list', async () => {
    mockApi(() => undefined);
    renderRoute(<CreateOrderPage />, { path: '/app/orders/create' });
    expect(await screen.findByTestId('create-order-empty')).toBeTruthy();
  });
});
