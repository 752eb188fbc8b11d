import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, clearSession, clearShopId, getShopId, pickStorage, setShopId, subscribeShopId } from './storage';

describe('session storage', () => {
  it('keeps the session per tab when embedded, persistent otherwise', () => {
    expect(pickStorage(false, window)).toBe(window.localStorage);
    expect(pickStorage(true, window)).toBe(window.sessionStorage);
    expect(pickStorage(false, undefined)).toBeNull();
  });

  it('tells listeners when the shop id changes, once per change', () => {
    const listener = vi.fn();
    const off = subscribeShopId(listener);
    setShopId('s1');
    setShopId('s1');
    expect(getShopId()).toBe('s1');
    expect(listener).toHaveBeenCalledTimes(1);
    clearShopId();
    expect(getShopId()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    setShopId('s2');
    window.localStorage.setItem(STORAGE_KEYS.token, 't');
    clearSession();
    expect(getShopId()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(4);
    off();
    setShopId('s3');
    expect(listener).toHaveBeenCalledTimes(4);
  });
});
