import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { renderRoute } from '@/test/render';
import { orderFixture, sourceOrderFixture } from '../test-fixtures';
import { OrderDetailPage } from './order-detail-page';

const ORDER = orderFixture({
  status: 'waiting_payment',
  source_orders: [
    sourceOrderFixture({
      id: 101,
      status: 'failed',
      error_key: 'product_sold_out',
      error: 'ProductSoldOut',
      refund_info: { status: 'pending', amount: 21.5 },
    }),
  ],
});

describe('order detail', () => {
  it('shows the lines, the supplier order error and refund, and the log', async () => {
    mockApi((c) => {
      if (c.path === 'orders/v5/detail/1') return { data: ORDER };
      if (c.path === 'orders/v4/order_log/order/1')
        return {
          data: { items: [{ id: 1, event: 'placed', detail: { message: 'Placed on AliExpress' }, created_at: '2026-11-21T10:00:00Z' }] },
        };
      return undefined;
    });
    renderRoute(<OrderDetailPage />, { path: '/app/orders/detail/1/waiting_payment', route: '/app/orders/detail/:orderId/:orderStatus' });
    expect((await screen.findByTestId('page-title')).textContent).toBe('Order #1001');
    expect(screen.getByTestId('order-line').textContent).toContain('Desk lamp');
    expect(within(screen.getByTestId('line-shipping')).getByText('3-5 days')).toBeTruthy();
    expect(screen.getByTestId('source-order-error').textContent).toBe('The product is sold out.');
    expect(screen.getByTestId('source-order-refund').textContent).toContain('Pending');
    expect((await screen.findByTestId('order-log')).textContent).toContain('Placed on AliExpress');
  });

  it('edits the address through update-customer and shows the field errors', async () => {
    const calls = mockApi((c) => {
      if (c.path === 'orders/v5/detail/1') return { data: ORDER };
      if (c.path === 'orders/update-customer') {
        const body = c.body as { address: { zip: string } };
        return body.address.zip
          ? { data: { ...ORDER, address: { ...ORDER.address, city: 'Dallas' } } }
          : { status: 204, message: 'Invalid', errors: { zip: ['The zip is required.'] } };
      }
      return undefined;
    });
    renderRoute(<OrderDetailPage />, { path: '/app/orders/detail/1/ready', route: '/app/orders/detail/:orderId/:orderStatus' });
    fireEvent.click(await screen.findByTestId('order-address-edit'));
    fireEvent.change(screen.getByTestId('address-zip'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('order-address-save'));
    expect(await screen.findByText('The zip is required.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('address-zip'), { target: { value: '75201' } });
    fireEvent.change(screen.getByTestId('address-city'), { target: { value: 'Dallas' } });
    fireEvent.click(screen.getByTestId('order-address-save'));
    await waitFor(() => expect(screen.getByTestId('order-address-text').textContent).toContain('Dallas'));
    expect(calls.filter((c) => c.path === 'orders/update-customer').at(-1)!.body).toMatchObject({
      order_id: 1,
      address: { zip: '75201', city: 'Dallas' },
    });
  });

  it("completes an eBay order with the purchase order number eBay gave, showing eBay's refusal first", async () => {
    const waiting = sourceOrderFixture({ id: 102, source: 'ebay', order_no: 'sess-9', warning: 'waiting_complete_order' });
    const placed = { ...waiting, status: 'order_placed' as const, warning: null };
    let done = false;
    const calls = mockApi((c) => {
      if (c.path === 'orders/v5/detail/1') return { data: { ...ORDER, source_orders: [done ? placed : waiting] } };
      if (c.path === 'suppliers/ebay/checkout-complete') {
        const body = c.body as { purchase_order_id: string };
        if (body.purchase_order_id !== 'po-1')
          return { status: 204, message: 'Invalid', errors: { purchase_order_id: ['eBay has no purchase order po-x'] } };
        done = true;
        return { data: { items: [] } };
      }
      return undefined;
    });
    renderRoute(<OrderDetailPage />, { path: '/app/orders/detail/1/processing', route: '/app/orders/detail/:orderId/:orderStatus' });
    const form = await screen.findByTestId('ebay-checkout');
    expect(form.textContent).toContain('sess-9');
    fireEvent.click(screen.getByTestId('ebay-checkout-submit'));
    expect((await screen.findByTestId('ebay-checkout-error')).textContent).toBe('Enter the purchase order number eBay gave you.');
    fireEvent.change(screen.getByTestId('ebay-purchase-order-id'), { target: { value: 'po-x' } });
    fireEvent.click(screen.getByTestId('ebay-checkout-submit'));
    await waitFor(() => expect(screen.getByTestId('ebay-checkout-error').textContent).toBe('eBay has no purchase order po-x'));
    fireEvent.change(screen.getByTestId('ebay-purchase-order-id'), { target: { value: ' po-1 ' } });
    fireEvent.click(screen.getByTestId('ebay-checkout-submit'));
    await waitFor(() => expect(screen.queryByTestId('ebay-checkout')).toBeNull());
    expect(screen.getByTestId('source-order').getAttribute('data-status')).toBe('order_placed');
    expect(calls.filter((c) => c.path === 'suppliers/ebay/checkout-complete').at(-1)!.body).toEqual({
      source_order_id: 102,
      purchase_order_id: 'po-1',
    });
  });

  it('shows a delivered order as delivered in the header, its line and its supplier order', async () => {
    const so = sourceOrderFixture({ id: 103, status: 'order_placed', shipment_status: 'delivered', tracking_code: 'YT1' });
    const line = {
      ...ORDER.line_items[0],
      source_order: { id: '103', source: 'aliexpress', order_no: 'A1', status: 'order_placed' as const, shipment_status: 'delivered' },
    };
    mockApi((c) =>
      c.path === 'orders/v5/detail/1' ? { data: { ...ORDER, status: 'delivered', line_items: [line], source_orders: [so] } } : undefined,
    );
    renderRoute(<OrderDetailPage />, { path: '/app/orders/detail/1/delivered', route: '/app/orders/detail/:orderId/:orderStatus' });
    await screen.findByTestId('source-order');
    const shown = screen.getAllByTestId('status-badge').map((b) => b.textContent);
    expect(shown).toEqual(['Delivered', 'Delivered', 'Delivered']);
  });

  it('calls a paid supplier order without a parcel paid', async () => {
    const so = sourceOrderFixture({ id: 104, status: 'order_placed' });
    mockApi((c) => (c.path === 'orders/v5/detail/1' ? { data: { ...ORDER, status: 'order_placed', source_orders: [so] } } : undefined));
    renderRoute(<OrderDetailPage />, { path: '/app/orders/detail/1/order_placed', route: '/app/orders/detail/:orderId/:orderStatus' });
    const card = await screen.findByTestId('source-order');
    expect(within(card).getByTestId('status-badge').textContent).toBe('Paid, awaiting shipment');
  });

  it("shows the order's price, USD costs and profit in the workspace's currency, as the list does", async () => {
    const display = { currency: 'EUR', rates: { USDUSD: 1, USDAUD: 1.5, USDEUR: 0.9 } };
    mockApi((c) =>
      c.path === 'orders/v5/detail/1' ? { data: { ...orderFixture({ currency: 'AUD', total: 82.99 }), logs: [], display } } : undefined,
    );
    renderRoute(<OrderDetailPage />, { path: '/app/orders/detail/1/ready', route: '/app/orders/detail/:orderId/:orderStatus' });
    const card = await screen.findByTestId('order-money');
    expect(within(card).getByTestId('order-money-selling_price').textContent).toContain('€49.79');
    expect(within(card).getByTestId('order-money-product_cost').textContent).toContain('€15.30');
    expect(within(card).getByTestId('order-money-profit').textContent).toContain('€30.44');
  });
});
