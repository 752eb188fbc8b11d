import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Take = (m: { name: string; value: number }) => void;
const watchers: Record<string, Take> = {};
vi.mock('web-vitals', () => ({
  onLCP: (f: Take) => (watchers.LCP = f),
  onCLS: (f: Take) => (watchers.CLS = f),
  onINP: (f: Take) => (watchers.INP = f),
}));

const { missesThreshold, reportWebVitals } = await import('./web-vitals');
const { setToken, removeItem, STORAGE_KEYS } = await import('./storage');

describe('web vitals', () => {
  beforeEach(() => setToken('t'));
  afterEach(() => removeItem(STORAGE_KEYS.token));

  it('a load is over when LCP > 2500 ms, CLS > 0.1 or INP > 200 ms, not at the thresholds', () => {
    expect(missesThreshold({ lcp: 2500, cls: 0.1, inp: 200 })).toBe(false);
    expect(missesThreshold({ lcp: 2501 })).toBe(true);
    expect(missesThreshold({ cls: 0.11 })).toBe(true);
    expect(missesThreshold({ inp: 201 })).toBe(true);
    expect(missesThreshold({})).toBe(false);
  });

  it('sends nothing while the vitals are good, then once with the path when one is over', () => {
    const send = vi.fn();
    window.history.pushState({}, '', '/app/orders');
    reportWebVitals(send);
    watchers.LCP({ name: 'LCP', value: 1200 });
    watchers.CLS({ name: 'CLS', value: 0.02 });
    expect(send).not.toHaveBeenCalled();
    watchers.INP({ name: 'INP', value: 350 });
    watchers.CLS({ name: 'CLS', value: 0.4 });
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0][0]).toMatchObject({ path: '/app/orders', lcp: 1200, cls: 0.02, inp: 350 });
  });

  it('sends nothing when nobody is signed in', () => {
    removeItem(STORAGE_KEYS.token);
    const send = vi.fn();
    reportWebVitals(send);
    watchers.LCP({ name: 'LCP', value: 9000 });
    expect(send).not.toHaveBeenCalled();
  });
});
