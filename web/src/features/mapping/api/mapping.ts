import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { api, quietFetcher } from '@/lib/api';
import type { Progress, StoreProduct, StoreProductPage, VariantMapping } from '@/types/mapping';
import type { ProductDetail } from '@/types/products';
import { usePolledStatus } from '@/lib/use-polled-status';

export const LISTINGS_PATH = 'center/products/listings';
export const PAGE_SIZE = 20;
export type ListKind = 'unmapped' | 'mapped';

/** Reads without the client's error toast: the screens show their own (translated) message, e.g. for DataNotFound. */
export { quietFetcher };

export const listKey = (kind: ListKind, storeId: string, page: number) =>
  `${LISTINGS_PATH}/${kind}?${new URLSearchParams({ store_id: storeId, page: String(page), page_size: String(PAGE_SIZE) }).toString()}`;

/** The current store's products, unmapped or mapped (read again whenever the page opens). */
export function useStoreProducts(kind: ListKind, storeId: string | null, page: number) {
  return useSWR<StoreProductPage>(storeId ? listKey(kind, storeId, page) : null, quietFetcher, {
    revalidateOnMount: true,
    keepPreviousData: true,
  });
}

export const productKey = (id: string) => `${LISTINGS_PATH}/${encodeURIComponent(id)}`;

export function useStoreProduct(id: string) {
  return useSWR<StoreProduct>(id ? productKey(id) : null, quietFetcher, { revalidateOnMount: true });
}

/** Revalidates both lists (every page) and the single products. */
export function useRefreshListings() {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate((key) => typeof key === 'string' && key.startsWith(`${LISTINGS_PATH}/`)), [mutate]);
}

/** Starts the job that reads the store's products: `{progress_id}`. */
export const startSync = (storeId: string) =>
  api.post<{ progress_id: number | string }>(`${LISTINGS_PATH}/sync`, { store_id: storeId }, { silent: true });

export const PROGRESS_POLL_MS = 1000;

/** A job's progress, polled until it succeeded or failed. */
export function useProgress(
  id: number | string | null,
  handlers: { onSuccess?: (p: Progress) => void; onError?: (e: Error) => void } = {},
) {
  return usePolledStatus<Progress>(id !== null ? `progress/${encodeURIComponent(String(id))}` : null, PROGRESS_POLL_MS, handlers);
}

export const supplierDetailKey = (source: string, productId: string) =>
  `center/products/source/${encodeURIComponent(source)}/${encodeURIComponent(productId)}`;

/** A supplier product's detail (its variants: sku_id, options, price, stock). */
export const fetchSupplierProduct = (source: string, productId: string) =>
  api.get<ProductDetail>(supplierDetailKey(source, productId), { silent: true });

export const mapVariants = (id: string, mappings: VariantMapping[]) =>
  api.post<StoreProduct>(`products/${encodeURIComponent(id)}/map-variant`, { mappings }, { silent: true });

export interface MapGroupInput {
  source: string;
  source_product_id: string;
  append: boolean;
  ship_to_countries?: string[];
}

export const mapGroup = (id: string, input: MapGroupInput) =>
  api.post<StoreProduct>(`products/${encodeURIComponent(id)}/map-group`, input, { silent: true });

export interface SupplierRef {
  source: string;
  source_product_id: string;
}

export const replaceSupplier = (id: string, from: SupplierRef, to: SupplierRef) =>
  api.put<StoreProduct>(`products/${encodeURIComponent(id)}/replace`, { from, to }, { silent: true });
