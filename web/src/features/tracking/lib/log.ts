/** A shipment log line's detail as text (status changes as translated "from → to"). */
type T = (key: string, options?: Record<string, unknown>) => string;

const statusName = (t: T, s: unknown) => t(`orders.status.${String(s)}`, { defaultValue: String(s) });

export function logText(detail: unknown, t: T): string {
  if (detail == null || detail === '') return '';
  if (typeof detail !== 'object') return String(detail);
  const d = detail as Record<string, unknown>;
  if ('from' in d || 'to' in d) return `${d.from ? statusName(t, d.from) : '—'} → ${d.to ? statusName(t, d.to) : '—'}`;
  if (typeof d.error === 'string') return d.error;
  if (typeof d.message === 'string') return d.message;
  const parts = [
    d.tracking_number,
    d.carrier,
    d.status ? statusName(t, d.status) : null,
    d.origin ? t(`tracking.origin.${String(d.origin)}`, { defaultValue: String(d.origin) }) : null,
  ];
  return parts
    .filter((p) => p != null && p !== '')
    .map(String)
    .join(' · ');
}
