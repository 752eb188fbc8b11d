import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { renderRoute } from '@/test/render';
import { shipmentFixture } from '../test-fixtures';
import { ManageTrackingPage } from './manage-tracking-page';
import { TrackingCenterPage } from './tracking-center-page';

const PARCELS = [
  shipmentFixture({ id: 1, tracking_number: 'SUP1', origin: 'supplier' }),
  shipmentFixture({ id: 2, tracking_number: 'CSV1', origin: 'csv', status: 'expired' }),
  shipmentFixture({ id: 3, tracking_number: 'MAN1', origin: 'manual', status: 'exception' }),
];

function serve() {
  return mockApi((c) => {
    if (c.path === 'orders/v2/trackings') {
      const status = c.query.get('status');
      const items = PARCELS.filter((p) => !status || p.status === status);
      return { data: { total: items.length, page: 1, page_size: Number(c.query.get('page_size')), items } };
    }
    if (c.path === 'orders/v5/list')
      return {
        data: {
          total: 1,
          page: 1,
          page_size: 100,
          items: [{ id: '8', name: '#1008', status: 'order_placed', source_orders: [{ id: 's', source: 'cj', order_no: 'CJ1' }] }],
        },
      };
    if (c.path === 'orders/v2/trackings/track-now') return { data: { progress_id: 77 } };
    if (c.path === 'progress/77') return { data: { id: 77, status: 'success', error: null } };
    return undefined;
  });
}

const numbers = () => screen.getAllByTestId('parcel-row').map((r) => r.getAttribute('data-number'));

describe('tracking center', () => {
  it('lists every parcel with the import on import-list, and filters by status', async () => {
    const calls = serve();
    renderRoute(<TrackingCenterPage />, { path: '/app/tracking-center/import-list', route: '/app/tracking-center/*' });
    expect(await screen.findByTestId('csv-import')).toBeTruthy();
    await waitFor(() => expect(numbers()).toEqual(['SUP1', 'CSV1', 'MAN1']));
    fireEvent.click(screen.getByTestId('parcel-status-expired'));
    await waitFor(() => expect(numbers()).toEqual(['CSV1']));
    expect(calls.some((c) => c.path === 'orders/v2/trackings' && c.query.get('status') === 'expired')).toBe(true);
  });

  it('splits parcels by whether the supplier reported the tracking', async () => {
    serve();
    const { unmount } = renderRoute(<TrackingCenterPage />, {
      path: '/app/tracking-center/supplier-available',
      route: '/app/tracking-center/*',
    });
    await waitFor(() => expect(numbers()).toEqual(['SUP1']));
    unmount();
    renderRoute(<TrackingCenterPage />, { path: '/app/tracking-center/supplier-unavailable', route: '/app/tracking-center/*' });
    await waitFor(() => expect(numbers()).toEqual(['CSV1', 'MAN1']));
    expect((await screen.findByTestId('untracked-order')).textContent).toContain('#1008');
  });

  it('Track now follows the progress item to the end', async () => {
    const calls = serve();
    renderRoute(<TrackingCenterPage />, { path: '/app/tracking-center/import-list', route: '/app/tracking-center/*' });
    fireEvent.click(await screen.findByTestId('tracking-track-now'));
    await waitFor(() => expect(calls.some((c) => c.path === 'progress/77')).toBe(true));
    await waitFor(() => expect(screen.getByTestId('tracking-actions').getAttribute('data-running')).toBe(''));
    expect(calls.find((c) => c.path === 'orders/v2/trackings/track-now')!.method).toBe('POST');
  });
});

describe('tracking settings', () => {
  it('shows the public link pattern and the parcels per status', async () => {
    serve();
    renderRoute(<ManageTrackingPage />, { path: '/app/manage/tracking' });
    expect(screen.getByTestId('public-link-pattern').textContent).toMatch(/\/tracking\/\{order public id\}$/);
    await waitFor(() => expect(screen.getAllByTestId('parcel-count')).toHaveLength(9));
    const count = (s: string) =>
      screen
        .getAllByTestId('parcel-count')
        .find((r) => r.getAttribute('data-status') === s)!
        .getAttribute('data-count');
    expect(count('in_transit')).toBe('1');
    expect(count('expired')).toBe('1');
    expect(count('delivered')).toBe('0');
    expect(screen.getByTestId('parcel-count-total').textContent).toBe('3 parcels in all');
  });
});
