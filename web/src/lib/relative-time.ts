/**
 * Relative times (spec section 5): under 1 minute "Just now"; 1 to 59 minutes "N minute(s) ago";
 * under 3 hours "N hour(s) ago"; older "MMM DD, YYYY at HH:mm a". One rule for every screen.
 */
export type RelativeTime =
  { kind: 'justNow' } | { kind: 'minutes'; count: number } | { kind: 'hours'; count: number } | { kind: 'date'; date: Date };

/** The bucket of `value` seen at `now`; null for an unreadable date. A date in the future (clock skew) is "Just now". */
export function relativeTime(value: string | Date, now: Date): RelativeTime | null {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const minutes = Math.floor((now.getTime() - date.getTime()) / 60_000);
  if (minutes < 1) return { kind: 'justNow' };
  if (minutes < 60) return { kind: 'minutes', count: minutes };
  if (minutes < 180) return { kind: 'hours', count: Math.floor(minutes / 60) };
  return { kind: 'date', date };
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * "MMM DD, YYYY at HH:mm a" in the reader's language. The spec's pattern pairs a two-digit hour
 * with an AM/PM marker, so the hour is the two-digit 12-hour one ("09:05 PM"); languages that
 * write the day first or use a 24-hour clock keep their own order through Intl.
 */
export function formatDateAt(date: Date, lng: string, t: Translate, timeZone?: string): string {
  const day = new Intl.DateTimeFormat(lng, { month: 'short', day: '2-digit', year: 'numeric', timeZone }).format(date);
  const time = new Intl.DateTimeFormat(lng, { hour: '2-digit', minute: '2-digit', hour12: true, timeZone }).format(date);
  return t('time.dateAt', { date: day, time });
}

/** The text of a relative time; '' for an unreadable date. */
export function formatRelativeTime(value: string | Date, now: Date, lng: string, t: Translate, timeZone?: string): string {
  const r = relativeTime(value, now);
  if (!r) return '';
  if (r.kind === 'justNow') return t('time.justNow');
  if (r.kind === 'minutes') return t('time.minutesAgo', { count: r.count });
  if (r.kind === 'hours') return t('time.hoursAgo', { count: r.count });
  return formatDateAt(r.date, lng, t, timeZone);
}
