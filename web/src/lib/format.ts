import { BADGE_CAP } from './env';

/**
 * Text of a count badge: nothing for zero or less, the number up to the cap, then "99+".
 */
export function formatBadgeCount(count: number | null | undefined, cap: number = BADGE_CAP): string | null {
  if (count == null || !Number.isFinite(count) || count <= 0) return null;
  const whole = Math.floor(count);
  return whole > cap ? `${cap}+` : String(whole);
}

/** Quota sentinels (spec section 9): -1 and -2 mean unlimited. */
export function isUnlimited(limit: number): boolean {
  return limit === -1 || limit === -2;
}
