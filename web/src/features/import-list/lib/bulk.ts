import type { BulkUpdate, PriceOp } from '../api/import-list';

export interface BulkForm {
  tags: string[];
  collections: string[];
  productType: string;
  vendor: string;
  priceOp: PriceOp | '';
  priceValue: number | null;
}

export const EMPTY_BULK: BulkForm = { tags: [], collections: [], productType: '', vendor: '', priceOp: '', priceValue: null };

/** Whether the price change is usable: a number, positive for multiply, not negative for set. */
export function priceValid(form: BulkForm): boolean {
  if (!form.priceOp) return true;
  const v = form.priceValue;
  if (v === null || !Number.isFinite(v)) return false;
  if (form.priceOp === 'multiply') return v > 0;
  if (form.priceOp === 'set') return v >= 0;
  return true;
}

/** The body of PUT center/products/bulk_update: only what the form changes; null when it changes nothing or is invalid. */
export function bulkPayload(ids: string[], form: BulkForm): BulkUpdate | null {
  if (ids.length === 0 || !priceValid(form)) return null;
  const body: BulkUpdate = { ids };
  if (form.tags.length > 0) body.tags_add = form.tags;
  if (form.collections.length > 0) body.collections_add = form.collections;
  if (form.productType.trim()) body.product_type = form.productType.trim();
  if (form.vendor.trim()) body.vendor = form.vendor.trim();
  if (form.priceOp && form.priceValue !== null) body.price = { op: form.priceOp, value: form.priceValue };
  return Object.keys(body).length > 1 ? body : null;
}
