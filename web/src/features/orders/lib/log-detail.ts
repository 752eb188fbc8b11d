/** An order log line's detail as readable text: status changes translated, ids and flags left out. */
import { formatMoney } from '@/lib/money';
import { sourceName } from '@/lib/sources';

type T = (key: string, options?: Record<string, unknown>) => string;

const status = (t: T, s: unknown) => t(`orders.status.${String(s)}`, { defaultValue: String(s) });

/** Fields worth showing, in this order, and how. */
const FIELDS: [string, (t: T, v: unknown) => string][] = [
  ['order_no', (_t, v) => String(v)],
  ['source', (_t, v) => sourceName(String(v))],
  ['tracking_number', (_t, v) => String(v)],
  ['carrier', (_t, v) => String(v)],
  ['status', status],
  ['service_name', (_t, v) => String(v)],
  ['method', (t, v) => t(`orders.pay.methods.${String(v)}`, { defaultValue: String(v) })],
  ['reason', (t, v) => t(`orders.cancel.reasons.${String(v)}`, { defaultValue: String(v) })],
  ['total', (_t, v) => formatMoney(Number(v), 'USD')],
];

export function logDetailText(detail: unknown, t: T): string {
  if (detail == null || detail === '') return '';
  if (typeof detail !== 'object') return String(detail);
  const d = detail as Record<string, unknown>;
  if (typeof d.message === 'string') return d.message;
  if (typeof d.error === 'string') return d.error;
  if ('from' in d || 'to' in d) return `${d.from ? status(t, d.from) : '—'} → ${d.to ? status(t, d.to) : '—'}`;
  return FIELDS.filter(([k]) => d[k] != null && d[k] !== '' && typeof d[k] !== 'object')
    .map(([k, show]) => show(t, d[k]))
    .join(' · ');
}
