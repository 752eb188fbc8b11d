import { describe, expect, it, vi } from 'vitest';
import { createInvalidShopHandler, GENERAL_SETTINGS_PATH, isSettingsPath } from './invalid-shop';

function setup(path: string, isEmbedded = false) {
  const clearShopId = vi.fn();
  const go = vi.fn();
  const timers: { fn: () => void; ms: number }[] = [];
  let current = path;
  const handle = createInvalidShopHandler({
    clearShopId,
    go,
    schedule: (fn, ms) => void timers.push({ fn, ms }),
    currentPath: () => current,
    delayMs: 1000,
    isEmbedded,
  });
  return { handle, clearShopId, go, timers, setPath: (p: string) => (current = p) };
}

describe('CURRENT_SHOP_ID_INVALID (801)', () => {
  it('clears the stored shop id at once and goes to the general settings after 1 s', () => {
    const s = setup('/app/channel');
    s.handle();
    expect(s.clearShopId).toHaveBeenCalledTimes(1);
    expect(s.go).not.toHaveBeenCalled();
    expect(s.timers).toHaveLength(1);
    expect(s.timers[0].ms).toBe(1000);
    s.timers[0].fn();
    expect(s.go).toHaveBeenCalledWith(GENERAL_SETTINGS_PATH);
  });

  it('stays when already in the settings (checked when the delay ends)', () => {
    const s = setup('/app/channel');
    s.handle();
    s.setPath('/app/setting/channel');
    s.timers[0].fn();
    expect(s.go).not.toHaveBeenCalled();
  });

  it('schedules one redirect for several 801 answers in a row', () => {
    const s = setup('/app');
    s.handle();
    s.handle();
    expect(s.clearShopId).toHaveBeenCalledTimes(2);
    expect(s.timers).toHaveLength(1);
  });

  it('does nothing when embedded', () => {
    const s = setup('/app', true);
    s.handle();
    expect(s.clearShopId).not.toHaveBeenCalled();
    expect(s.timers).toHaveLength(0);
  });

  it('knows the settings paths', () => {
    expect(isSettingsPath('/app/setting')).toBe(true);
    expect(isSettingsPath('/app/setting/account/')).toBe(true);
    expect(isSettingsPath('/app/settings-other')).toBe(false);
    expect(isSettingsPath('/app')).toBe(false);
  });
});
