import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { renderRoute } from '@/test/render';
import type { PlacementItem } from '@/types/orders';
import { EMPTY_PLACEMENTS, addPlacements, placementSession } from '../lib/placement-session';
import { PlacementToast } from './placement-toast';

const item = (id: string, status: PlacementItem['status'], over: Partial<PlacementItem> = {}): PlacementItem => ({
  id: Number(id),
  order_id: Number(id),
  order_name: `#100${id}`,
  source: 'aliexpress',
  source_status: 'placing',
  status,
  warning: null,
  error_key: null,
  message: null,
  order_no: null,
  total: 21.5,
  ...over,
});

/** Answers the placements poll with `steps[n]` on the n-th read (the last one after that). */
function serve(steps: PlacementItem[][]) {
  let reads = 0;
  return mockApi((c) => {
    if (c.path === 'orders/placements') {
      const step = steps[Math.min(reads, steps.length - 1)];
      reads += 1;
      const ids = (c.query.get('ids') ?? '').split(',');
      return { data: { items: step.filter((i) => ids.includes(String(i.id))) } };
    }
    if (c.path.startsWith('orders/placements/')) return { data: { items: [] } };
    return undefined;
  });
}

const statuses = () => screen.getAllByTestId('placement-toast-item').map((i) => i.getAttribute('data-status'));

describe('placement toast', () => {
  afterEach(() => {
    placementSession.set(EMPTY_PLACEMENTS);
  });

  it('polls every second and shows success, the translated error of an error_key and a warning', async () => {
    const calls = serve([
      [item('1', 'processing', { warning: 'different_region' }), item('2', 'processing')],
      [
        item('1', 'success', { order_no: 'AE-77' }),
        item('2', 'error', { error_key: 'shipped_country_notfound', message: 'TheProductCannotBeShippedToCountry' }),
      ],
    ]);
    const onSettled = vi.fn();
    renderRoute(<PlacementToast onSettled={onSettled} />, { path: '/app' });
    expect(screen.queryByTestId('placement-toast')).toBeNull();
    act(() => placementSession.set(addPlacements(placementSession.get(), ['1', '2'])));
    await waitFor(() => expect(statuses()).toEqual(['processing', 'processing']));
    expect(calls.find((c) => c.path === 'orders/placements')!.query.get('ids')).toBe('1,2');
    expect(screen.getByTestId('placement-toast-warning').textContent).toBe(
      'The country of your supplier account does not match the shipping address.',
    );
    await waitFor(() => expect(statuses()).toEqual(['success', 'error']), { timeout: 3000 });
    expect(screen.getByTestId('placement-toast-error').textContent).toBe('The product cannot be shipped to this country.');
    expect(screen.getAllByTestId('placement-toast-item')[0].textContent).toContain('Placed: AE-77');
    expect(screen.getByTestId('placement-toast-summary').textContent).toBe('Placed: 1 · failed: 1 · in progress: 0');
    expect(onSettled).toHaveBeenCalled();
    // Done: no more polls.
    const n = calls.filter((c) => c.path === 'orders/placements').length;
    await new Promise((r) => setTimeout(r, 1300));
    expect(calls.filter((c) => c.path === 'orders/placements').length).toBe(n);
  });

  it('Stop posts the source; remove and clear post their events', async () => {
    const calls = serve([[item('1', 'processing', { source: 'cj' }), item('2', 'error', { error_key: 'error_save_all_address' })]]);
    renderRoute(<PlacementToast />, { path: '/app' });
    act(() => placementSession.set(addPlacements(placementSession.get(), ['1', '2'])));
    expect((await screen.findByTestId('placement-toast-error')).textContent).toBe('The customer information is not valid.');
    fireEvent.click(screen.getByTestId('placement-toast-stop-cj'));
    await waitFor(() => expect(calls.find((c) => c.path === 'orders/placements/stop')?.body).toEqual({ source: 'cj' }));
    fireEvent.click(screen.getByTestId('placement-toast-remove'));
    await waitFor(() => expect(calls.find((c) => c.path === 'orders/placements/remove')?.body).toEqual({ id: 2 }));
    expect(placementSession.get().ids).toEqual(['1']);
    fireEvent.click(screen.getByTestId('placement-toast-clear'));
    await waitFor(() => expect(calls.some((c) => c.path === 'orders/placements/clear')).toBe(true));
    expect(screen.queryByTestId('placement-toast')).toBeNull();
  });
});
