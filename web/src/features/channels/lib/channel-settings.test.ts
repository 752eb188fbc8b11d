import { describe, expect, it } from 'vitest';
import { pickWarehouse, positive, togglePublication, withDefaults } from './channel-settings';

describe('channel settings', () => {
  it('fills the spec defaults', () => {
    expect(withDefaults(undefined)).toEqual({ is_publish: true, allow_sell_out_of_stock: true, sync_order: true, publications: [] });
    expect(withDefaults({ is_publish: false }).is_publish).toBe(false);
  });

  it('adds TikTok weight and dimensions', () => {
    const s = withDefaults({ weight: { value: 2, unit: 'kilogram' } }, { tiktok: true });
    expect(s.weight).toEqual({ value: 2, unit: 'kilogram' });
    expect(s.dimension).toEqual({ height: 1, width: 1, length: 1, unit: 'centimeter' });
    expect(s.warehouse_id).toBeNull();
  });

  it('preselects the saved, else the default, else the first warehouse', () => {
    const list = [
      { id: 'a', name: 'A', is_default: false, effect_status: 'ENABLED', type: 'SALES' },
      { id: 'b', name: 'B', is_default: true, effect_status: 'ENABLED', type: 'SALES' },
    ];
    expect(pickWarehouse(list, 'a')).toBe('a');
    expect(pickWarehouse(list, 'zzz')).toBe('b');
    expect(pickWarehouse([list[0]], null)).toBe('a');
    expect(pickWarehouse([], null)).toBeNull();
  });

  it('keeps measures positive', () => {
    expect(positive('2.5', 1)).toBe(2.5);
    expect(positive('0', 1)).toBe(1);
    expect(positive('abc', 1)).toBe(1);
  });

  it('toggles publications', () => {
    const one = togglePublication([], { id: 'p1', handle: 'online' }, true);
    expect(one).toEqual([{ id: 'p1', handle: 'online' }]);
    expect(togglePublication(one, { id: 'p1', handle: 'online' }, false)).toEqual([]);
    expect(togglePublication(one, { id: 'p1', handle: 'online' }, true)).toHaveLength(1);
  });
});
