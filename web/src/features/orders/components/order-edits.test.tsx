import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toaster } from '@/lib/toaster';
import { type MockReply, mockApi } from '@/test/api-mock';
import { renderRoute } from '@/test/render';
import { lineFixture, orderFixture } from '../test-fixtures';
import { OrderCenterPage } from './order-center-page';
import { OrderDetailPage } from './order-detail-page';

const ORDER = orderFixture({ id: 5, line_items: [lineFixture({ id: '9', quantity: 2 })] });
const OPTIONS = [
  { code: 'CAINIAO_STANDARD', company: 'Cainiao Standard', amount: '4.50', delivery_time: '12-20d' },
  { code: 'DHL', company: 'DHL Express', amount: '19.00', delivery_time: '3-5d' },
];

function serveDetail() {
  return mockApi((c): MockReply | undefined => {
    if (c.path === 'orders/v5/detail/5') return { data: ORDER };
    if (c.path === 'orders/v4/order_log/order/5')
      return { data: { items: [{ id: 1, event: 'supplier_order_created', detail: {}, created_at: '2026-11-21T10:00:00Z' }] } };
    if (c.path === 'product-sources/logistics/aliexpress/1005') return { data: { options: OPTIONS } };
    if (c.path === 'orders/5/save-shipping')
      return {
        data: {
          ...ORDER,
          line_items: [
            lineFixture({ id: '9', shipping_info: { service_name: 'DHL', company: 'DHL Express', amount: 19, delivery_time: '3-5d' } }),
          ],
        },
      };
    if (c.path === 'orders/v4/manually-fulfill') {
      const body = c.body as { order_no: string };
      return body.order_no === 'bad'
        ? { status: 204, message: 'Invalid', errors: { order_no: ['The order number is not valid.'] } }
        : { data: { ...ORDER, status: 'order_placed' } };
    }
    if (c.path === 'orders/5/change-supplier')
      return { status: 204, message: 'Invalid', errors: { sku_id: ['The SKU is not a variant of that product.'] } };
    return undefined;
  });
}

const openDetail = () =>
  renderRoute(<OrderDetailPage />, { path: '/app/orders/detail/5/ready', route: '/app/orders/detail/:orderId/:orderStatus' });

describe('order detail edits', () => {
  it('chooses the shipping option from the supplier options to the order country', async () => {
    const calls = serveDetail();
    openDetail();
    fireEvent.click(await screen.findByTestId('line-shipping-edit'));
    const select = (await screen.findByTestId('line-shipping-select')) as HTMLSelectElement;
    const logistics = calls.find((c) => c.path === 'product-sources/logistics/aliexpress/1005')!;
    expect(logistics.query.get('country_code')).toBe('US');
    expect(logistics.query.get('quantity')).toBe('2');
    expect([...select.options].map((o) => o.textContent)).toContain('DHL Express · $19.00 · 3-5 days');
    fireEvent.change(select, { target: { value: 'DHL' } });
    fireEvent.click(screen.getByTestId('line-shipping-save'));
    await waitFor(() => expect(screen.getByTestId('line-shipping').textContent).toContain('DHL Express'));
    expect(calls.find((c) => c.path === 'orders/5/save-shipping')!.body).toEqual({ line_item_id: 9, service_name: 'DHL' });
  });

  it('fulfils manually with the field errors of the API, and translates the log events', async () => {
    const calls = serveDetail();
    openDetail();
    expect((await screen.findByTestId('order-log')).textContent).toContain('Supplier order created');
    fireEvent.click(screen.getByTestId('order-manual-fulfil'));
    const dialog = await screen.findByTestId('manual-fulfil-dialog');
    fireEvent.change(within(dialog).getByTestId('field-order_no'), { target: { value: 'bad' } });
    fireEvent.click(within(dialog).getByTestId('manual-fulfil-dialog-submit'));
    expect(await within(dialog).findByText('The order number is not valid.')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('field-order_no'), { target: { value: '8123' } });
    fireEvent.click(within(dialog).getByTestId('manual-fulfil-dialog-submit'));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === 'orders/v4/manually-fulfill').at(-1)!.body).toEqual({
        order_id: 5,
        source: 'aliexpress',
        order_no: '8123',
      }),
    );
    expect(calls.find((c) => c.path === 'orders/v4/manually-fulfill')!.method).toBe('PUT');
  });

  it('changes the supplier and shows the API field error', async () => {
    const calls = serveDetail();
    openDetail();
    fireEvent.click(await screen.findByTestId('line-change-supplier'));
    const dialog = await screen.findByTestId('change-supplier-dialog');
    fireEvent.change(within(dialog).getByTestId('field-source_product_id'), { target: { value: '2001' } });
    fireEvent.change(within(dialog).getByTestId('field-sku_id'), { target: { value: 'x9' } });
    fireEvent.click(within(dialog).getByTestId('change-supplier-dialog-submit'));
    expect(await within(dialog).findByText('The SKU is not a variant of that product.')).toBeTruthy();
    expect(calls.find((c) => c.path === 'orders/5/change-supplier')!.body).toEqual({
      line_item_id: 9,
      source: 'aliexpress',
      source_product_id: '2001',
      sku_id: 'x9',
    });
  });
});

/** The payment tab with two orders waiting, whose "Pay all" answers `items`. */
function servePayAll(items: object[]) {
  return mockApi((c) => {
    if (c.path === 'orders/v5/count-order-status') return { data: { payment: { all: 2, waiting_payment: 2, order_placed: 0 } } };
    if (c.path === 'orders/v5/list') return { data: { total: 0, page: 1, page_size: 20, items: [] } };
    if (c.path === 'core/workplaces/settings/order-column-list') return { data: { columns: [] } };
    if (c.path === 'orders/v6/payments/retry-all') return { data: { items } };
    return undefined;
  });
}

describe('order center gaps', () => {
  it('"Pay all" calls retry-all after a confirmation', async () => {
    const calls = servePayAll([
      { id: 1, status: 'order_placed', error: null },
      { id: 2, status: 'order_placed', error: null },
    ]);
    renderRoute(<OrderCenterPage />, { path: '/app/orders?tab=payment' });
    await waitFor(() => expect(screen.getByTestId('order-pay-all').textContent).toBe('Pay all (2)'));
    fireEvent.click(screen.getByTestId('order-pay-all'));
    fireEvent.click(within(await screen.findByTestId('pay-all-dialog')).getByRole('button', { name: 'Pay all' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'orders/v6/payments/retry-all' && c.method === 'GET')).toBe(true));
  });

  it('"Pay all" names why a supplier order could not be paid', async () => {
    const toast = vi.spyOn(toaster, 'create');
    servePayAll([
      { id: 1, order_id: 5, order_name: '#1001', source: 'aliexpress', status: 'success', source_status: 'paid', total: 3 },
      {
        id: 2,
        order_id: 6,
        order_name: '#1002',
        source: 'cj',
        status: 'error',
        source_status: 'waiting_payment',
        total: 4,
        message: 'Card declined',
      },
    ]);
    renderRoute(<OrderCenterPage />, { path: '/app/orders?tab=payment' });
    await waitFor(() => expect(screen.getByTestId('order-pay-all').textContent).toBe('Pay all (2)'));
    fireEvent.click(screen.getByTestId('order-pay-all'));
    fireEvent.click(within(await screen.findByTestId('pay-all-dialog')).getByRole('button', { name: 'Pay all' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', description: 'Paid: 1 · failed: 1. Card declined' })),
    );
  });

  it('the shipment tab shows the parcels column and its actions', async () => {
    const shipped = orderFixture({
      status: 'in_transit',
      shipments: [{ id: 4, tracking_number: 'LP1', carrier: 'Cainiao', status: 'in_transit' }],
    });
    mockApi((c) => {
      if (c.path === 'orders/v5/count-order-status') return { data: {} };
      if (c.path === 'orders/v5/list') return { data: { total: 1, page: 1, page_size: 20, items: [shipped] } };
      if (c.path === 'core/workplaces/settings/order-column-list') return { data: { columns: [] } };
      return undefined;
    });
    renderRoute(
      <OrderCenterPage
        renderParcels={(o) => <span data-testid="parcels-slot">{o.shipments?.[0]?.tracking_number}</span>}
        shipmentActions={<button data-testid="actions-slot" />}
      />,
      { path: '/app/orders?tab=shipment' },
    );
    expect((await screen.findByTestId('parcels-slot')).textContent).toBe('LP1');
    expect(screen.getByTestId('order-col-tracking').textContent).toBe('Parcels');
    expect(screen.getByTestId('actions-slot')).toBeTruthy();
  });
});
