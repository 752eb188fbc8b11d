/**
 * What an order line says about its variant: its option values and a SKU the owner knows. A
 * product Dropline pushed carries Dropline's own SKU in the store ("DL-" and the variant's
 * internal id, how a store order finds its way back to the variant); that id means nothing to
 * the owner, so the line names the supplier's SKU instead, the one the supplier's site shows.
 */
import type { LineItem } from '@/types/orders';

const INTERNAL_SKU = /^DL-[0-9a-f]{32}$/i;

/** Dropline's own store SKU for a variant it pushed. */
export function isInternalSku(sku: string | null | undefined): boolean {
  return INTERNAL_SKU.test((sku ?? '').trim());
}

export type LineSku = { kind: 'store' | 'supplier'; value: string };

/** The store's SKU when the owner set it, else the supplier's SKU; null when neither is known. */
export function lineSku(line: Pick<LineItem, 'sku' | 'sku_id'>): LineSku | null {
  const store = line.sku?.trim();
  if (store && !isInternalSku(store)) return { kind: 'store', value: store };
  const supplier = line.sku_id?.trim();
  return supplier ? { kind: 'supplier', value: supplier } : null;
}

/** The variant's option values ("Red / XL"); none for a product without options. */
export function lineOptions(line: Pick<LineItem, 'variant_title'>): string | null {
  const title = line.variant_title?.trim();
  // Shopify names the one variant of a product without options "Default Title".
  return title && title !== 'Default Title' ? title : null;
}
