/** The order center's filters, read from and written to the page's query (spec 001, section 9). */
import type { OrderTab } from '@/types/orders';
import { isOrderTab, subStatusOf } from './tabs';

export const ORDER_PAGE_SIZE = 20;
export const DEFAULT_RANGE_DAYS = 7;

export interface OrderFilters {
  tab: OrderTab;
  status: string;
  from: string;
  to: string;
  channel: string;
  source: string;
  mark: 'all' | '1' | '0';
  keyword: string;
  page: number;
  /** The previous page's `next_after`: the page starts after its last order (no orders skipped). */
  after: string;
  /** Order ids from the `orders` query parameter (a JSON array). */
  orders: string[];
}

/** YYYY-MM-DD of a local date. */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The last 7 days, today included. */
export function defaultRange(now = new Date()): { from: string; to: string } {
  const from = new Date(now);
  from.setDate(from.getDate() - (DEFAULT_RANGE_DAYS - 1));
  return { from: isoDay(from), to: isoDay(now) };
}

/** Before any order a store can have sent: the range of "show all dates". */
export const ALL_DATES_FROM = '2000-01-01';

/** Every date up to today. */
export function allDates(now = new Date()): { from: string; to: string } {
  return { from: ALL_DATES_FROM, to: isoDay(now) };
}

/** `orders=["a","b"]` → ['a', 'b']; anything unreadable → []. */
export function parseOrderIds(value: string | null): string[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((v) => typeof v === 'string' || typeof v === 'number').map(String) : [];
  } catch {
    return [];
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function readFilters(params: URLSearchParams, now = new Date()): OrderFilters {
  const tabParam = params.get('tab');
  const tab: OrderTab = isOrderTab(tabParam) ? tabParam : 'placement';
  const range = defaultRange(now);
  const mark = params.get('mark_order');
  const from = params.get('from_date');
  const to = params.get('to_date');
  return {
    tab,
    status: subStatusOf(tab, params.get('status')),
    from: from && DAY.test(from) ? from : range.from,
    to: to && DAY.test(to) ? to : range.to,
    channel: params.get('channel') || 'all',
    source: params.get('source') || 'all',
    mark: mark === '1' || mark === '0' ? mark : 'all',
    keyword: params.get('keyword') ?? '',
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
    after: params.get('after') ?? '',
    orders: parseOrderIds(params.get('orders')),
  };
}

/** The page query for `filters` (defaults left out). */
export function writeFilters(filters: OrderFilters, now = new Date()): URLSearchParams {
  const q = new URLSearchParams();
  const range = defaultRange(now);
  if (filters.tab !== 'placement') q.set('tab', filters.tab);
  if (filters.status !== subStatusOf(filters.tab, null)) q.set('status', filters.status);
  if (filters.from !== range.from) q.set('from_date', filters.from);
  if (filters.to !== range.to) q.set('to_date', filters.to);
  if (filters.channel !== 'all') q.set('channel', filters.channel);
  if (filters.source !== 'all') q.set('source', filters.source);
  if (filters.mark !== 'all') q.set('mark_order', filters.mark);
  if (filters.keyword) q.set('keyword', filters.keyword);
  if (filters.page > 1) q.set('page', String(filters.page));
  if (filters.page > 1 && filters.after) q.set('after', filters.after);
  if (filters.orders.length > 0) q.set('orders', JSON.stringify(filters.orders));
  return q;
}

/** The API query shared by the list and the counts (without tab, status and paging). */
export function filterQuery(f: OrderFilters): URLSearchParams {
  const q = new URLSearchParams({ from_date: f.from, to_date: f.to, channel: f.channel, source: f.source, mark_order: f.mark });
  if (f.keyword) q.set('keyword', f.keyword);
  return q;
}

/** The list call's query: sorted by creation, newest first. */
export function listQuery(f: OrderFilters): URLSearchParams {
  const q = filterQuery(f);
  q.set('tab', f.tab);
  q.set('status', f.status);
  q.set('page', String(f.page));
  if (f.page > 1 && f.after) q.set('after', f.after);
  q.set('page_size', String(ORDER_PAGE_SIZE));
  q.set('sort', 'created_at');
  q.set('direction', 'desc');
  if (f.orders.length > 0) q.set('order_ids', f.orders.join(','));
  return q;
}
