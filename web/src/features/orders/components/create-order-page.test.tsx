import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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

  it('without orders it leads back to the order list', async () => {
    mockApi(() => undefined);
    renderRoute(<CreateOrderPage />, { path: '/app/orders/create' });
    expect(await screen.findByTestId('create-order-empty')).toBeTruthy();
  });
});
