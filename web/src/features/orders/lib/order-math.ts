/** What the order list shows per order: supplier costs, shipping and the next actions. */
import { round2, toAmount } from '@/lib/money';
import type { Order, SourceOrder } from '@/types/orders';

const sum = (values: (number | null)[]) => round2(values.reduce<number>((s, v) => s + (v ?? 0), 0));

/** Supplier cost of the items (cost × quantity), or what the source orders charged. */
export function productCost(order: Order): number | null {
  if (order.source_orders.length > 0) return sum(order.source_orders.map((s) => toAmount(s.product_cost)));
  const lines = order.line_items.filter((l) => !l.disabled && toAmount(l.cost) !== null);
  if (lines.length === 0) return null;
  return sum(lines.map((l) => (toAmount(l.cost) ?? 0) * l.quantity));
}

/** Shipping of the items (the chosen option, else the line's fee), or what the source orders charged. */
export function shippingCost(order: Order): number | null {
  if (order.source_orders.length > 0) return sum(order.source_orders.map((s) => toAmount(s.shipping_cost)));
  const fees = order.line_items.filter((l) => !l.disabled).map((l) => toAmount(l.shipping_info?.amount ?? l.shipping_fee));
  return fees.every((f) => f === null) ? null : sum(fees);
}

/** Distinct delivery times of the lines' shipping options ("3-5d"). */
export function shippingTimes(order: Order): string[] {
  const times = order.line_items.map((l) => l.shipping_info?.delivery_time).filter((t): t is string => Boolean(t && t.trim()));
  return [...new Set(times)];
}

export const waitingPayment = (order: Order): SourceOrder[] => order.source_orders.filter((s) => s.status === 'waiting_payment');

/** Source orders a refund can be asked for: paid, and no refund yet. */
export const refundable = (order: Order): SourceOrder[] => order.source_orders.filter((s) => s.status === 'order_placed' && !s.refund_info);

export type RowAction = 'place' | 'pay' | 'mark' | 'unmark' | 'archive' | 'unarchive' | 'cancel' | 'fail' | 'revert' | 'refund';

/** The actions an order offers, the main one first. */
export function rowActions(order: Order): RowAction[] {
  const out: RowAction[] = [];
  const s = order.status;
  if (s === 'ready') out.push('place');
  if (waitingPayment(order).length > 0) out.push('pay');
  if (s === 'failed' || s === 'cancelled_source') out.push('revert');
  if (refundable(order).length > 0) out.push('refund');
  out.push(order.marked ? 'unmark' : 'mark');
  out.push(order.archived ? 'unarchive' : 'archive');
  if (s === 'ready' || s === 'waiting_payment' || s === 'order_placed') out.push('cancel');
  if (s === 'ready' || s === 'waiting_payment') out.push('fail');
  return out;
}
