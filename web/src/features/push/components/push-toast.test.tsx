import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { renderRoute } from '@/test/render';
import type { PushProgressItem } from '@/types/push';
import { EMPTY_SESSION, addPush, pushSession } from '../lib/push-session';
import { PushToast } from './push-toast';

const item = (id: number, status: PushProgressItem['status'], error: string | null = null): PushProgressItem => ({
  id,
  channel: id === 1 ? 'store-1' : 'tiktok',
  channel_label: id === 1 ? 'Main shop' : 'TikTok',
  status,
  product_package_id: 'p1',
  image: 'https://img.test/p1.jpg',
  title: 'Desk lamp',
  error,
  product_id: null,
});

/** Answers the progress poll with `steps[n]` on the n-th read (the last one after that). */
function progressApi(steps: PushProgressItem[][]) {
  let reads = 0;
  return mockApi((c) => {
    if (c.path !== 'center/products/push/progress') return undefined;
    const ids = (c.query.get('ids') ?? '').split(',');
    const step = steps[Math.min(reads, steps.length - 1)];
    reads += 1;
    return { data: { items: step.filter((i) => ids.includes(String(i.id))) } };
  });
}

const polls = (calls: { path: string }[]) => calls.filter((c) => c.path === 'center/products/push/progress').length;

describe('push toast', () => {
  afterEach(() => {
    pushSession.set(EMPTY_SESSION);
  });

  it('polls the items every 1.5 s while one is processing and shows success and the error text', async () => {
    const calls = progressApi([
      [item(1, 'processing'), item(2, 'processing')],
      [item(1, 'success'), item(2, 'error', 'TikTok needs a warehouse')],
    ]);
    const onSettled = vi.fn();
    renderRoute(<PushToast onSettled={onSettled} />, { path: '/app' });
    expect(screen.queryByTestId('push-toast')).toBeNull();
    act(() => pushSession.set(addPush(pushSession.get(), [1, 2])));
    await waitFor(() =>
      expect(screen.getAllByTestId('push-toast-item').map((i) => i.getAttribute('data-status'))).toEqual(['processing', 'processing']),
    );
    expect(calls.find((c) => c.path === 'center/products/push/progress')!.query.get('ids')).toBe('1,2');
    await waitFor(
      () => expect(screen.getAllByTestId('push-toast-item').map((i) => i.getAttribute('data-status'))).toEqual(['success', 'error']),
      { timeout: 4000 },
    );
    expect(screen.getByTestId('push-toast-error').textContent).toBe('TikTok needs a warehouse');
    expect(screen.getByTestId('push-toast-summary').textContent).toBe('Pushed: 1 · failed: 1 · in progress: 0');
    expect(onSettled).toHaveBeenCalledWith([expect.objectContaining({ id: 1 }), expect.objectContaining({ id: 2 })]);
    // Nothing is processing: no more polls.
    const n = polls(calls);
    await new Promise((r) => setTimeout(r, 1800));
    expect(polls(calls)).toBe(n);
    // Closing clears the list.
    fireEvent.click(screen.getByTestId('push-toast-close'));
    expect(screen.queryByTestId('push-toast')).toBeNull();
    expect(pushSession.get()).toEqual(EMPTY_SESSION);
  });

  it('closed while processing: the items stay tracked until they are done, then go', async () => {
    progressApi([[item(1, 'processing')], [item(1, 'processing')], [item(1, 'success')]]);
    renderRoute(<PushToast />, { path: '/app' });
    act(() => pushSession.set(addPush(pushSession.get(), [1])));
    await screen.findByTestId('push-toast-item');
    fireEvent.click(screen.getByTestId('push-toast-close'));
    expect(screen.queryByTestId('push-toast')).toBeNull();
    expect(pushSession.get()).toEqual({ ids: ['1'], open: false });
    await waitFor(() => expect(pushSession.get()).toEqual(EMPTY_SESSION), { timeout: 5000 });
  });
});
