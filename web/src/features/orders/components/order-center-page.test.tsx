import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { pick } from '@/test/menu';
import { renderRoute } from '@/test/render';
import { setMobile } from '@/test/media';
import type { Order } from '@/types/orders';
import { orderFixture, sourceOrderFixture } from '../test-fixtures';
import { OrderCenterPage } from './order-center-page';

const COUNTS = {
  placement: { ready: 3 },
  payment: { all: 5, waiting_payment: 2, order_placed: 3 },
  shipment: { all: 4, in_transit: 1, delivered: 3 },
  cancelled: { channel: 1, source: 2 },
  refund: { all: 1, completed: 0, pending: 1, accepted: 0, rejected: 0 },
};

const USD_DISPLAY: { currency: string; rates: Record<string, number> } = { currency: 'USD', rates: { USDUSD: 1 } };

function serve(items: Order[] = [orderFixture(), orderFixture({ id: 2, name: '#1002', marked: true })], display = USD_DISPLAY) {
  return mockApi((c) => {
    if (c.path === 'orders/v5/count-order-status') return { data: COUNTS };
    if (c.path === 'orders/v5/list') return { data: { total: items.length, page: 1, page_size: 20, items, display } };
    if (c.path === 'core/workplaces/settings/order-column-list') return { data: { columns: [] } };
    if (c.path === 'orders/order-cancel') return { data: { items: [{ id: 1, status: 'cancelled_source', error: null }] } };
    if (c.path === 'orders/v5/mark-order') return { data: { updated: 1 } };
    if (c.path === 'orders/v5/payment') return { data: { items: [{ id: 101, status: 'order_placed', error: null }] } };
    return undefined;
  });
}

const row = (id: string) => screen.getAllByTestId('order-row').find((r) => r.getAttribute('data-id') === id)!;

describe('order center', () => {
  it('shows each tab count and sub-status count from count-order-status', async () => {
    const calls = serve();
    renderRoute(<OrderCenterPage />, { path: '/app/orders' });
    await waitFor(() => expect(screen.getByTestId('order-tab-count-payment').textContent).toBe('5'));
    expect(screen.getByTestId('order-tab-placement').textContent).toContain('New orders');
    expect(screen.getByTestId('order-tab-count-placement').textContent).toBe('3');
    expect(screen.getByTestId('order-tab-count-shipment').textContent).toBe('4');
    expect(screen.getByTestId('order-tab-count-cancelled').textContent).toBe('3');
    expect(screen.getByTestId('order-status-ready').getAttribute('data-count')).toBe('3');
    // The list is the placement tab's ready orders of the last 7 days, newest first.
    const list = calls.find((c) => c.path === 'orders/v5/list')!;
    expect(list.query.get('tab')).toBe('placement');
    expect(list.query.get('status')).toBe('ready');
    expect(list.query.get('mark_order')).toBe('all');
    expect(list.query.get('from_date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('lists the placement columns with costs and "3-5 days"', async () => {
    serve();
    renderRoute(<OrderCenterPage />, { path: '/app/orders' });
    await screen.findAllByTestId('order-row');
    expect(
      screen
        .getAllByRole('columnheader')
        .map((h) => h.textContent)
        .filter(Boolean),
    ).toEqual(['Order ID', 'Order info', 'Items', 'Selling price', 'Product cost', 'Shipping cost', 'Shipping time', 'Action']);
    const first = row('1');
    expect(within(first).getByTestId('order-shipping-time').textContent).toBe('3-5 days');
    expect(first.querySelector('[data-col="product_cost"]')!.textContent).toBe('$17.00');
    expect(within(first).getByTestId('order-price').textContent).toBe('$39.00');
    expect(within(first).getByTestId('order-profit').textContent).toBe('Profit: $17.50');
    expect(within(first).getByTestId('order-action-place')).toBeTruthy();
  });

  it("shows an AUD order's price, USD costs and profit in the workspace's EUR", async () => {
    serve([orderFixture({ currency: 'AUD', total: 82.99 })], { currency: 'EUR', rates: { USDUSD: 1, USDAUD: 1.5, USDEUR: 0.9 } });
    renderRoute(<OrderCenterPage />, { path: '/app/orders' });
    await screen.findAllByTestId('order-row');
    const first = row('1');
    // Not "A$82.99" beside "$17.00": one currency, and the profit it leaves.
    expect(within(first).getByTestId('order-price').textContent).toBe('€49.79');
    expect(first.querySelector('[data-col="product_cost"]')!.textContent).toBe('€15.30');
    expect(first.querySelector('[data-col="shipping_cost"]')!.textContent).toBe('€4.05');
    expect(within(first).getByTestId('order-profit').textContent).toBe('Profit: €30.44');
  });

  it('the sub-status buttons switch the list to that status', async () => {
    const calls = serve();
    const { router } = renderRoute(<OrderCenterPage />, { path: '/app/orders' });
    await screen.findAllByTestId('order-row');
    fireEvent.click(screen.getByTestId('order-tab-payment'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=payment'));
    await waitFor(() => expect(screen.getByTestId('order-center-page').getAttribute('data-tab')).toBe('payment'));
    fireEvent.click(await screen.findByTestId('order-status-waiting_payment'));
    await waitFor(() => expect(calls.some((c) => c.path === 'orders/v5/list' && c.query.get('status') === 'waiting_payment')).toBe(true));
  });

  it("the next page starts after this page's last order; going back counts from the start", async () => {
    const calls = mockApi((c) => {
      if (c.path === 'orders/v5/count-order-status') return { data: COUNTS };
      if (c.path === 'orders/v5/list') {
        const page = Number(c.query.get('page'));
        return {
          data: {
            total: 45,
            page,
            page_size: 20,
            items: [orderFixture({ id: page })],
            next_after: `170000000000000${page}.${page}`,
            display: USD_DISPLAY,
          },
        };
      }
      if (c.path === 'core/workplaces/settings/order-column-list') return { data: { columns: [] } };
      return undefined;
    });
    const { router } = renderRoute(<OrderCenterPage />, { path: '/app/orders' });
    await screen.findAllByTestId('order-row');
    fireEvent.click(screen.getByTestId('order-pager-next'));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2&after=1700000000000001.1'));
    await waitFor(() => expect(calls.some((c) => c.path === 'orders/v5/list' && c.query.get('after') === '1700000000000001.1')).toBe(true));
    fireEvent.click(await screen.findByTestId('order-pager-prev'));
    // Page 1 again, read from its start (the list's key has no `after`).
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('the cancel dialog sends the chosen reason', async () => {
    const calls = serve();
    renderRoute(<OrderCenterPage />, { path: '/app/orders' });
    await screen.findAllByTestId('order-row');
    fireEvent.click(within(row('1')).getByTestId('order-action-more'));
    await pick(await screen.findByTestId('order-action-cancel'));
    await screen.findByTestId('cancel-dialog');
    fireEvent.click(screen.getByTestId('cancel-reason-item_unavailable'));
    await waitFor(() => expect(screen.getByTestId('cancel-reason-item_unavailable').getAttribute('data-state')).toBe('checked'));
    fireEvent.click(screen.getByTestId('cancel-dialog-confirm'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'orders/order-cancel')?.body).toEqual({ order_ids: [1], reason: 'item_unavailable' }),
    );
    expect(calls.find((c) => c.path === 'orders/order-cancel')!.method).toBe('PUT');
  });

  it('marks an order and pays a waiting one from the wallet', async () => {
    const waiting = orderFixture({
      id: 3,
      name: '#1003',
      status: 'waiting_payment',
      source_orders: [sourceOrderFixture({ id: 101, total: 21.5 })],
    });
    const calls = serve([orderFixture(), waiting]);
    renderRoute(<OrderCenterPage balance={100} />, { path: '/app/orders?tab=payment' });
    await screen.findAllByTestId('order-row');
    fireEvent.click(within(row('1')).getByTestId('order-action-more'));
    await pick(await screen.findByTestId('order-action-mark'));
    await waitFor(() => expect(calls.find((c) => c.path === 'orders/v5/mark-order')?.body).toEqual({ orders: [1], marked: true }));

    fireEvent.click(within(row('3')).getByTestId('order-action-pay'));
    expect((await screen.findByTestId('pay-dialog-total')).textContent).toBe('$21.50');
    fireEvent.click(screen.getByTestId('pay-dialog-confirm'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'orders/v5/payment')?.body).toEqual({ source_order_ids: [101], method: 'wallet' }),
    );
  });

  it('keeps only the orders of the `orders` parameter', async () => {
    serve();
    renderRoute(<OrderCenterPage />, { path: `/app/orders?orders=${encodeURIComponent('["2"]')}` });
    await screen.findByTestId('order-ids-filter');
    await waitFor(() => expect(screen.getAllByTestId('order-row').map((r) => r.getAttribute('data-id'))).toEqual(['2']));
  });

  it("a new account's empty list says which orders come there; with a filter it says none match", async () => {
    const zero = Object.fromEntries(
      Object.entries(COUNTS).map(([tab, group]) => [tab, Object.fromEntries(Object.keys(group).map((k) => [k, 0]))]),
    );
    mockApi((c) => {
      if (c.path === 'orders/v5/count-order-status') return { data: zero };
      if (c.path === 'orders/v5/list') return { data: { total: 0, page: 1, page_size: 20, items: [] } };
      if (c.path === 'core/workplaces/settings/order-column-list') return { data: { columns: [] } };
      return undefined;
    });
    const view = renderRoute(<OrderCenterPage />, { path: '/app/orders' });
    expect((await screen.findByTestId('order-empty-new')).textContent).toContain('checks for new orders every 30 seconds');
    view.unmount();
    renderRoute(<OrderCenterPage />, { path: '/app/orders?keyword=%231001' });
    expect((await screen.findByTestId('order-empty')).textContent).toBe('No orders match these filters.');
    expect(screen.queryByTestId('order-empty-new')).toBeNull();
  });

  it('says how many orders of the tab the dates hide, and shows them on every date', async () => {
    const calls = serve();
    renderRoute(<OrderCenterPage />, { path: '/app/orders' });
    const hint = await screen.findByTestId('order-outside-dates');
    expect(hint.textContent).toContain('1 order of this tab is outside the dates shown.');
    fireEvent.click(screen.getByTestId('order-all-dates'));
    await waitFor(() => expect(calls.some((c) => c.path === 'orders/v5/list' && c.query.get('from_date') === '2000-01-01')).toBe(true));
  });

  it('says nothing of other dates when the list holds every order of the tab', async () => {
    serve([1, 2, 3].map((id) => orderFixture({ id, name: `#100${id}` })));
    renderRoute(<OrderCenterPage />, { path: '/app/orders' });
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(3));
    expect(screen.queryByTestId('order-outside-dates')).toBeNull();
  });

  it('on a phone lists each order as a card with Place order in it, nothing in a sideways table', async () => {
    setMobile(true);
    try {
      serve();
      renderRoute(<OrderCenterPage />, { path: '/app/orders' });
      await screen.findByTestId('order-cards');
      expect(screen.queryByTestId('order-table')).toBeNull();
      const card = row('1');
      expect(within(card).getByTestId('order-row-link').textContent).toContain('#1001');
      expect((within(card).getByTestId('order-action-place') as HTMLButtonElement).disabled).toBe(false);
      expect(within(card).getByTestId('order-row-select')).toBeTruthy();
    } finally {
      setMobile(false);
    }
  });
});
