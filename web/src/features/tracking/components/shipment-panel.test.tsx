import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { renderRoute } from '@/test/render';
import { shipmentFixture } from '../test-fixtures';
import { ShipmentPanel } from './shipment-panel';

const EVENTS = [
  { time: '2026-11-02T10:00:00Z', stage: 'InTransit', description: 'Accepted by carrier', location: 'Shenzhen, CN' },
  { time: '2026-11-05T10:00:00Z', stage: 'Delivered', description: 'Delivered, in/at mailbox', location: 'Springfield, US' },
  { time: '2026-11-01T16:00:00Z', stage: 'InfoReceived', description: 'Shipment information received', location: 'Shenzhen, CN' },
];
const PARCEL = shipmentFixture({
  status: 'delivered',
  events: EVENTS,
  store: { fulfillment_id: 'gid://shopify/Fulfillment/9', written_status: 'delivered', pending: false, error: null },
});

function serve() {
  return mockApi((c) => {
    if (c.path === 'orders/v5/panel/7') return { data: { order: {}, shipments: [{ ...PARCEL, events: null }] } };
    if (c.path === 'orders/v5/panel/7/trackings/11') return { data: PARCEL };
    if (c.path === 'orders/v4/order_log/shipment/11')
      return {
        data: {
          items: [
            {
              id: 1,
              event: 'tracking_added',
              detail: { tracking_number: 'LP00012345678CN', origin: 'supplier' },
              created_at: '2026-11-01T10:00:00Z',
            },
            { id: 2, event: 'shipment_status', detail: { from: 'in_transit', to: 'delivered' }, created_at: '2026-11-05T11:00:00Z' },
          ],
        },
      };
    if (c.path.startsWith('orders/v2/trackings/') && c.method === 'PUT') {
      return c.path.endsWith('/ab')
        ? { status: 204, message: 'Invalid', errors: { tracking_number: ["'ab' is not a tracking number (5 to 40 letters and digits)"] } }
        : { data: shipmentFixture({ id: 12, origin: 'manual' }) };
    }
    return undefined;
  });
}

describe('shipment panel', () => {
  it('shows the parcel events newest first, the store write-back and the translated log', async () => {
    serve();
    renderRoute(<ShipmentPanel orderId={7} publicId="5f0c1e64-2a9b-4c8e-9d41-0d6a1b2c3d4e" />);
    const detail = await screen.findByTestId('parcel-detail');
    await waitFor(() => expect(within(detail).getAllByTestId('timeline-event')).toHaveLength(3));
    expect(
      within(detail)
        .getAllByTestId('timeline-event')
        .map((e) => e.textContent?.split(/\d/)[0]),
    ).toEqual(['Delivered, in/at mailbox', 'Accepted by carrier', 'Shipment information received']);
    expect(within(detail).getByTestId('parcel-store').getAttribute('data-state')).toBe('written');
    expect(within(detail).getByTestId('parcel-store').textContent).toContain('Written to the store (Delivered)');
    const logs = await within(detail).findAllByTestId('shipment-log');
    expect(logs[0].textContent).toContain('Shipment status changed');
    expect(logs[0].textContent).toContain('In transit → Delivered');
    expect(logs[1].textContent).toContain('Tracking number added');
    expect(screen.getByTestId('public-tracking-link').getAttribute('href')).toMatch(/\/tracking\/5f0c1e64-2a9b-4c8e-9d41-0d6a1b2c3d4e$/);
  });

  it('adds a tracking number by hand and shows the field error of a bad one', async () => {
    const calls = serve();
    renderRoute(<ShipmentPanel orderId={7} />);
    await screen.findAllByTestId('panel-parcel');
    fireEvent.click(screen.getByTestId('add-tracking-open'));
    fireEvent.change(screen.getByTestId('add-tracking-number'), { target: { value: 'ab' } });
    fireEvent.click(screen.getByTestId('add-tracking-submit'));
    expect((await screen.findByTestId('add-tracking-number-error')).textContent).toContain('is not a tracking number');
    fireEvent.change(screen.getByTestId('add-tracking-number'), { target: { value: 'LX1234567890CN' } });
    fireEvent.change(screen.getByTestId('add-tracking-carrier'), { target: { value: 'China Post' } });
    fireEvent.click(screen.getByTestId('add-tracking-submit'));
    await waitFor(() => expect(screen.queryByTestId('add-tracking-form')).toBeNull());
    const put = calls.filter((c) => c.method === 'PUT').at(-1)!;
    expect(put.path).toBe('orders/v2/trackings/LX1234567890CN');
    expect(put.body).toEqual({ order_id: 7, carrier: 'China Post' });
  });
});
