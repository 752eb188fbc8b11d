import { describe, expect, it, vi } from 'vitest';
import type { PushProgressItem } from '@/types/push';
import {
  EMPTY_SESSION,
  PUSH_POLL_MS,
  addPush,
  anyProcessing,
  closeSession,
  createSessionStore,
  newlyDone,
  pollInterval,
  settleSession,
  summarize,
} from './push-session';

const item = (id: number, status: PushProgressItem['status']): PushProgressItem => ({
  id,
  channel: 'store-1',
  channel_label: 'Shop',
  status,
  product_package_id: `p${id}`,
  image: null,
  title: `Product ${id}`,
  error: status === 'error' ? 'refused' : null,
  product_id: null,
});

describe('push toast list', () => {
  it('a push adds its ids once and shows the toast', () => {
    const s = addPush(EMPTY_SESSION, [1, 2]);
    expect(s).toEqual({ ids: ['1', '2'], open: true });
    expect(addPush({ ...s, open: false }, [2, '3'])).toEqual({ ids: ['1', '2', '3'], open: true });
    expect(addPush(EMPTY_SESSION, [])).toEqual({ ids: [], open: false });
  });

  it('closing clears the list when nothing is processing', () => {
    const s = { ids: ['1', '2'], open: true };
    expect(closeSession(s, [item(1, 'success'), item(2, 'error')])).toEqual(EMPTY_SESSION);
    expect(closeSession(s, [])).toEqual(EMPTY_SESSION);
  });

  it('closing keeps the list while an item is processing, and lets it go once all are done', () => {
    const s = closeSession({ ids: ['1', '2'], open: true }, [item(1, 'success'), item(2, 'processing')]);
    expect(s).toEqual({ ids: ['1', '2'], open: false });
    expect(settleSession(s, [item(1, 'success'), item(2, 'processing')])).toBe(s);
    expect(settleSession(s, [item(1, 'success'), item(2, 'success')])).toEqual(EMPTY_SESSION);
    // An open toast keeps its finished items until it is closed.
    const open = { ids: ['1'], open: true };
    expect(settleSession(open, [item(1, 'success')])).toBe(open);
  });

  it('polls every 1.5 s while an item is processing or not read yet', () => {
    expect(pollInterval([], undefined)).toBe(0);
    expect(pollInterval(['1'], undefined)).toBe(PUSH_POLL_MS);
    expect(pollInterval(['1', '2'], [item(1, 'success')])).toBe(PUSH_POLL_MS);
    expect(pollInterval(['1', '2'], [item(1, 'success'), item(2, 'processing')])).toBe(1500);
    expect(pollInterval(['1', '2'], [item(1, 'success'), item(2, 'error')])).toBe(0);
    expect(anyProcessing(undefined)).toBe(false);
  });

  it('tells which items just ended, and counts them', () => {
    const before = [item(1, 'processing'), item(2, 'processing'), item(3, 'success')];
    const after = [item(1, 'success'), item(2, 'processing'), item(3, 'success')];
    expect(newlyDone(before, after).map((i) => i.id)).toEqual([1]);
    expect(newlyDone(undefined, after).map((i) => i.id)).toEqual([1, 3]);
    expect(summarize([...after, item(4, 'error')])).toEqual({ processing: 1, success: 2, error: 1 });
  });

  it('the store notifies its listeners on change only', () => {
    const store = createSessionStore();
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    store.set(store.get());
    expect(listener).not.toHaveBeenCalled();
    store.set(addPush(store.get(), [7]));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.get().ids).toEqual(['7']);
    stop();
    store.set(EMPTY_SESSION);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
