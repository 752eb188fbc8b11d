import { describe, expect, it } from 'vitest';
import type { PushTarget } from '@/types/push';
import { completeAutoUpdate, hasProcessing, syncState, targetsOf } from './sync-state';

const target = (over: Partial<PushTarget> = {}): PushTarget => ({
  destination: 's1',
  channel_label: 'Shop',
  status: 'success',
  error: null,
  remote_ids: ['1'],
  pushed_at: '2026-01-01T00:00:00Z',
  synced_at: null,
  sync_change: null,
  sync_error: null,
  ...over,
});

describe('product center sync state', () => {
  it('shows never, synced, changed or the sync error', () => {
    expect(syncState(target())).toBe('never');
    expect(syncState(target({ synced_at: '2026-01-02T00:00:00Z' }))).toBe('synced');
    expect(syncState(target({ synced_at: '2026-01-02T00:00:00Z', sync_change: 'price' }))).toBe('changed');
    expect(syncState(target({ synced_at: '2026-01-02T00:00:00Z', sync_error: 'supplier down' }))).toBe('error');
  });

  it('knows when a destination is still processing', () => {
    expect(hasProcessing([{ targets: [target(), target({ status: 'processing' })] }])).toBe(true);
    expect(hasProcessing([{ targets: [target({ status: 'error' })] }])).toBe(false);
    expect(hasProcessing(undefined)).toBe(false);
  });

  it('adds destinations of the pushed map that have no target row', () => {
    const list = targetsOf({ pushed: { s1: 'success', tiktok: 'processing' }, targets: [target()] });
    expect(list.map((t) => [t.destination, t.status])).toEqual([
      ['s1', 'success'],
      ['tiktok', 'processing'],
    ]);
  });

  it('fills the auto-update defaults', () => {
    expect(completeAutoUpdate(undefined)).toMatchObject({
      is_enable: true,
      price_rule: 'pricing_rule',
      out_of_stock: 'set_zero',
      switch_supplier: true,
      interval_hours: 24,
    });
    expect(completeAutoUpdate({ is_enable: false, interval_hours: 0 })).toMatchObject({ is_enable: false, interval_hours: 24 });
  });
});
