/** Order center tabs and their sub-statuses (spec 001, section 2). */
import { type OrderCounts, type OrderTab, SHIPMENT_STATUSES } from '@/types/orders';

export const ORDER_TABS: readonly OrderTab[] = ['placement', 'payment', 'shipment', 'cancelled', 'refund'];

export const SUB_STATUSES: Record<OrderTab, readonly string[]> = {
  placement: ['ready'],
  payment: ['all', 'waiting_payment', 'order_placed'],
  shipment: ['all', ...SHIPMENT_STATUSES],
  cancelled: ['channel', 'source'],
  refund: ['all', 'completed', 'pending', 'accepted', 'rejected'],
};

export const isOrderTab = (value: unknown): value is OrderTab =>
  typeof value === 'string' && (ORDER_TABS as readonly string[]).includes(value);

/** The sub-status of `tab` named by `value`, else the tab's first one. */
export function subStatusOf(tab: OrderTab, value: string | null | undefined): string {
  return value && SUB_STATUSES[tab].includes(value) ? value : SUB_STATUSES[tab][0];
}

/** The count of a tab's sub-status (0 when the API did not send it). */
export function countOf(counts: OrderCounts | undefined, tab: OrderTab, status: string): number {
  const group = counts?.[tab] as Record<string, number | undefined> | undefined;
  const n = Number(group?.[status] ?? 0);
  return Number.isFinite(n) ? n : 0;
}

/** The count shown on a tab: its `all`, or the sum of its sub-statuses when it has none. */
export function tabTotal(counts: OrderCounts | undefined, tab: OrderTab): number {
  if (SUB_STATUSES[tab].includes('all')) return countOf(counts, tab, 'all');
  return SUB_STATUSES[tab].reduce((sum, s) => sum + countOf(counts, tab, s), 0);
}

/** Styles of statuses (spec section 4): failed and cancelled critical, expired warning. */
export function statusPalette(status: string | null | undefined): string {
  if (!status) return 'gray';
  if (
    status === 'failed' ||
    status.startsWith('cancel') ||
    status === 'delivery_failure' ||
    status === 'exception' ||
    status === 'rejected' ||
    status === 'error'
  )
    return 'red';
  if (status === 'expired' || status === 'waiting_payment' || status === 'pending' || status === 'placing' || status === 'paying')
    return 'orange';
  if (status === 'order_placed' || status === 'delivered' || status === 'completed' || status === 'accepted' || status === 'success')
    return 'green';
  return 'blue';
}

/**
 * The one status a supplier order (and each line it holds) is shown with: its parcel's once it
 * has a parcel, else its own. The order's status follows the parcels the same way, so the header,
 * the lines and the supplier orders never contradict each other.
 */
export function shownStatus(so: { status: string; shipment_status?: string | null }): string {
  return so.shipment_status || so.status;
}
