import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { renderRoute } from '@/test/render';
import { PublicTrackingPage } from './public-tracking-page';

const ID = '5f0c1e64-2a9b-4c8e-9d41-0d6a1b2c3d4e';

/** What a careless API might add: none of it may show. */
const PRIVATE = {
  address: { name: 'Grace Hopper', address1: '1 Navy Way', city: 'Arlington', zip: '22201' },
  email: 'buyer@example.com',
  total: 123.45,
  currency: 'USD',
  customer_name: 'Grace Hopper',
  items: [{ title: 'Desk lamp', variant_title: 'Red', quantity: 1, price: 19.5 }],
};

describe('public tracking page', () => {
  it('shows the order, store, status and each parcel with its events, and nothing else', async () => {
    const calls = mockApi((c) =>
      c.path === `open-api/orders/tracking/${ID}`
        ? {
            data: {
              order_name: '#1001',
              store_name: 'Main shop',
              status: 'delivered',
              country_code: 'US',
              ...PRIVATE,
              parcels: [
                {
                  tracking_number: 'LP00012345678CN',
                  carrier: 'Cainiao',
                  status: 'delivered',
                  items: PRIVATE.items,
                  events: [
                    {
                      time: '2026-11-02T10:00:00Z',
                      stage: 'InTransit',
                      description: 'Accepted by carrier',
                      country: 'CN',
                      location: '1 Navy Way, Arlington, US',
                    },
                    { time: '2026-11-05T10:00:00Z', stage: 'Delivered', description: 'Delivered, in/at mailbox', country: 'US' },
                  ],
                },
              ],
            },
          }
        : undefined,
    );
    renderRoute(<PublicTrackingPage />, { path: `/tracking/${ID}`, route: '/tracking/:orderId' });
    const page = await screen.findByTestId('public-tracking-page');
    await waitFor(() => expect(page.getAttribute('data-status')).toBe('delivered'));
    expect(screen.getByTestId('public-order-name').textContent).toBe('Order #1001');
    expect(screen.getByTestId('public-store-name').textContent).toBe('Main shop');
    const parcel = screen.getByTestId('public-parcel');
    expect(parcel.textContent).toContain('Cainiao');
    expect(parcel.textContent).toContain('LP00012345678CN');
    const events = within(parcel).getAllByTestId('timeline-event');
    expect(events[0].textContent).toContain('Delivered, in/at mailbox');
    expect(events[0].textContent).toContain('US');
    const text = page.textContent ?? '';
    for (const hidden of ['Grace Hopper', 'Navy Way', 'Arlington', '22201', 'buyer@example.com', '123.45', '19.5', 'Desk lamp'])
      expect(text).not.toContain(hidden);
    expect(calls[0].headers.get('Authorization')).toBeNull();
  });

  it('says so when the page does not exist', async () => {
    mockApi(() => undefined);
    renderRoute(<PublicTrackingPage />, { path: '/tracking/nope', route: '/tracking/:orderId' });
    expect(await screen.findByTestId('public-tracking-error')).toBeTruthy();
  });
});
