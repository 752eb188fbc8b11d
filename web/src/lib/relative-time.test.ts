import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { formatRelativeTime, relativeTime } from './relative-time';

const now = new Date('2026-01-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

describe('relative time (spec section 5)', () => {
  it('puts each age in the bucket the spec names, at the exact thresholds', () => {
    expect(relativeTime(ago(0), now)).toEqual({ kind: 'justNow' });
    expect(relativeTime(ago(59 * SECOND + 999), now)).toEqual({ kind: 'justNow' });
    expect(relativeTime(ago(MINUTE), now)).toEqual({ kind: 'minutes', count: 1 });
    expect(relativeTime(ago(59 * MINUTE + 59 * SECOND), now)).toEqual({ kind: 'minutes', count: 59 });
    expect(relativeTime(ago(HOUR), now)).toEqual({ kind: 'hours', count: 1 });
    expect(relativeTime(ago(2 * HOUR + 59 * MINUTE), now)).toEqual({ kind: 'hours', count: 2 });
    expect(relativeTime(ago(3 * HOUR), now)).toEqual({ kind: 'date', date: ago(3 * HOUR) });
    expect(relativeTime('not a date', now)).toBeNull();
  });

  it('calls a date slightly in the future (clock skew) "Just now"', () => {
    expect(relativeTime(new Date(now.getTime() + 30 * SECOND), now)).toEqual({ kind: 'justNow' });
  });

  it('says it in English as the spec writes it', async () => {
    await i18n.changeLanguage('en');
    const t = i18n.t.bind(i18n) as (key: string, o?: Record<string, unknown>) => string;
    const say = (d: Date) => formatRelativeTime(d, now, 'en', t, 'UTC');
    expect(say(ago(30 * SECOND))).toBe('Just now');
    expect(say(ago(MINUTE))).toBe('1 minute(s) ago');
    expect(say(ago(59 * MINUTE))).toBe('59 minute(s) ago');
    expect(say(ago(HOUR))).toBe('1 hour(s) ago');
    expect(say(ago(2 * HOUR + 59 * MINUTE))).toBe('2 hour(s) ago');
    // "MMM DD, YYYY at HH:mm a"
    expect(say(new Date('2026-01-05T21:07:00Z'))).toBe('Jan 05, 2026 at 09:07 PM');
    expect(say(new Date('2026-01-10T08:59:00Z'))).toBe('Jan 10, 2026 at 08:59 AM');
    expect(formatRelativeTime('nope', now, 'en', t)).toBe('');
  });

  it('speaks the reader’s language', async () => {
    await i18n.changeLanguage('de');
    const t = i18n.t.bind(i18n) as (key: string, o?: Record<string, unknown>) => string;
    expect(formatRelativeTime(ago(5 * MINUTE), now, 'de', t)).toBe('vor 5 Minute(n)');
    expect(formatRelativeTime(new Date('2026-01-05T21:07:00Z'), now, 'de', t, 'UTC')).toMatch(/^05\. Jan\. 2026 um 09:07 PM$/);
    await i18n.changeLanguage('en');
  });
});
