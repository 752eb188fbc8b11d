import { describe, expect, it } from 'vitest';
import { formatBadgeCount, isUnlimited } from './format';

describe('formatBadgeCount', () => {
  it('hides zero, negative and missing counts', () => {
    expect(formatBadgeCount(0)).toBeNull();
    expect(formatBadgeCount(-3)).toBeNull();
    expect(formatBadgeCount(undefined)).toBeNull();
    expect(formatBadgeCount(Number.NaN)).toBeNull();
  });

  it('shows counts up to 99 and caps above at 99+', () => {
    expect(formatBadgeCount(1)).toBe('1');
    expect(formatBadgeCount(99)).toBe('99');
    expect(formatBadgeCount(100)).toBe('99+');
    expect(formatBadgeCount(12345)).toBe('99+');
  });

  it('accepts another cap', () => {
    expect(formatBadgeCount(10, 9)).toBe('9+');
  });
});

describe('isUnlimited', () => {
  it('treats -1 and -2 as unlimited', () => {
    expect(isUnlimited(-1)).toBe(true);
    expect(isUnlimited(-2)).toBe(true);
    expect(isUnlimited(0)).toBe(false);
    expect(isUnlimited(10)).toBe(false);
  });
});
