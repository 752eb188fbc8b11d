import useSWR, { useSWRConfig } from 'swr';
import { useCallback } from 'react';
import { api } from '@/lib/api';
import { LIVE_LIST } from '@/lib/live-list';
import type { Deleted, DuplicatedProducts, Updated } from '@/types/api.gen';
import type { ImportListPage, ImportedProduct } from '@/types/products';
import { usePolledStatus } from '@/lib/use-polled-status';

export const LISTING_PATH = 'center/products/import/listing';
export const LIST_PAGE_SIZE = 20;

export const listingKey = (page: number, keyword: string, pageSize = LIST_PAGE_SIZE) => {
  const q = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
  if (keyword) q.set('keyword', keyword);
  return `${LISTING_PATH}?${q.toString()}`;
};

/** The import list, newest first; read again whenever the page opens and while it is visible (imports happen elsewhere). */
export function useImportList(page: number, keyword: string) {
  return useSWR<ImportListPage>(listingKey(page, keyword), { revalidateOnMount: true, keepPreviousData: true, ...LIVE_LIST });
}

export const productKey = (id: string) => `center/products/import/${encodeURIComponent(id)}`;

export function useImportedProduct(id: string) {
  return useSWR<ImportedProduct>(productKey(id), { revalidateOnMount: true });
}

/** Revalidates every page of the import list. */
export function useRefreshImportList() {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate((key) => typeof key === 'string' && key.startsWith(LISTING_PATH)), [mutate]);
}

/** Editable fields of an imported product (PUT center/products/import/{id}). */
export type ImportedProductPatch = Record<string, unknown>;

export const saveImportedProduct = (id: string, payload: ImportedProductPatch) =>
  api.put<ImportedProduct>(productKey(id), payload, { silent: true });

export const deleteImported = (ids: string[]) => api.delete<Deleted>('center/products/import/delete', { body: { ids }, silent: true });

export type PriceOp = 'multiply' | 'add' | 'set';

export interface BulkUpdate {
  ids: string[];
  tags_add?: string[];
  collections_add?: string[];
  product_type?: string;
  vendor?: string;
  price?: { op: PriceOp; value: number };
}

export const bulkUpdate = (input: BulkUpdate) => api.put<Updated>('center/products/bulk_update', input, { silent: true });

/** Prices the products again with the current pricing rule (all of them when `ids` is absent). */
export const reapplyPricing = (ids?: string[]) =>
  api.post<Updated>('center/products/pricing/reapply', ids && ids.length > 0 ? { ids } : {}, { silent: true });

/** Copies the products in the import list: `{product_ids}` of the copies. */
export const duplicateImported = (ids: string[]) =>
  api.post<DuplicatedProducts>('center/products/import/duplicate', { ids }, { silent: true });

/** Splits a product into one per value of `option`, as a job: `{tracking_id}`. */
export const splitImported = (id: string, option: string) =>
  api.post<{ tracking_id: number | string }>(`${productKey(id)}/split`, { option }, { silent: true });

export interface SplitStatus {
  status: 'processing' | 'success' | 'error';
  product_ids: string[] | null;
  error: string | null;
}

export const SPLIT_POLL_MS = 1000;
export const splitStatusKey = (trackingId: number | string) =>
  `center/products/unmapped/tracking-split-status/${encodeURIComponent(String(trackingId))}`;

/** A split's state, polled until success or error. */
export function useSplitStatus(
  trackingId: number | string | null,
  handlers: { onSuccess?: (s: SplitStatus) => void; onError?: (e: Error) => void } = {},
) {
  return usePolledStatus<SplitStatus>(trackingId !== null ? splitStatusKey(trackingId) : null, SPLIT_POLL_MS, handlers);
}
