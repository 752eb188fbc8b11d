/** The order list's columns and the per-workspace visibility setting. */
import type { OrderColumn, OrderTab } from '@/types/orders';

export const COLUMN_KEYS = [
  'order_id',
  'order_info',
  'items',
  'selling_price',
  'product_cost',
  'shipping_cost',
  'shipping_time',
  'status',
  'tracking',
  'action',
] as const;
export type ColumnKey = (typeof COLUMN_KEYS)[number];

/** Always shown (not in the settings). */
export const FIXED_COLUMNS: readonly ColumnKey[] = ['order_id', 'tracking', 'action'];

/**
 * Placement: the spec's eight columns; the other tabs show the supplier status instead of the
 * shipping time, and the shipment tab the parcels as well.
 */
export function tabColumns(tab: OrderTab): ColumnKey[] {
  return COLUMN_KEYS.filter((k) => {
    if (k === 'tracking') return tab === 'shipment';
    return tab === 'placement' ? k !== 'status' : k !== 'shipping_time';
  });
}

/** The columns to show: the tab's, minus those the setting hides. */
export function visibleColumns(tab: OrderTab, saved: readonly OrderColumn[] | undefined): ColumnKey[] {
  const hidden = new Set((saved ?? []).filter((c) => !c.visible).map((c) => c.key));
  return tabColumns(tab).filter((k) => FIXED_COLUMNS.includes(k) || !hidden.has(k));
}

/** The setting to save: every configurable column with its visibility. */
export function toSetting(visible: ReadonlySet<string>): OrderColumn[] {
  return COLUMN_KEYS.filter((k) => !FIXED_COLUMNS.includes(k)).map((key) => ({ key, visible: visible.has(key) }));
}
