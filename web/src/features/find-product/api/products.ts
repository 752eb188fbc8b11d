import useSWR, { useSWRConfig } from 'swr';
import { api } from '@/lib/api';
import type {
  BatchStatus,
  CategoryTree,
  CollectionList,
  FavouriteIds,
  ImportAllStarted,
  Logistics,
  SupplierReviews,
} from '@/types/api.gen';
import type { ImportedProduct, ProductDetail, SearchPage } from '@/types/products';
import { type FindFilters, findPath } from '../lib/query';

/**
 * A page of supplier products (GET center/products/find, or find-by-collection/{slug}), read
 * again whenever the page opens: their imported marks change when another tab imports. The read
 * on opening is deduplicated within `dedupingInterval`: a short one (the answer comes from the
 * API's page cache), not the app's 5 minutes.
 */
export function useFindProducts(filters: FindFilters, collection?: string | null) {
  return useSWR<SearchPage>(findPath(filters, collection), { keepPreviousData: false, revalidateOnMount: true, dedupingInterval: 2000 });
}

export const COLLECTIONS_KEY = 'product-sources/collections/list';

export function useCollections() {
  return useSWR<CollectionList>(COLLECTIONS_KEY);
}

export const CATEGORIES_KEY = 'product-sources/categories/tree';

/** The supplier category tree (`category` filter of the find calls). */
export function useCategories() {
  return useSWR<CategoryTree>(CATEGORIES_KEY);
}

export const FAVOURITE_PAGE_SIZE = 20;
export const favouritesKey = (page: number) => `center/products/favourite?page=${page}&page_size=${FAVOURITE_PAGE_SIZE}`;

/** A page of the favourite products, read again whenever the page opens (hearts change elsewhere). */
export function useFavouriteProducts(page: number) {
  return useSWR<SearchPage>(favouritesKey(page), { revalidateOnMount: true, keepPreviousData: true });
}

export const detailKey = (source: string, productId: string, shipTo: string) =>
  `center/products/source/${encodeURIComponent(source)}/${encodeURIComponent(productId)}?ship_to=${encodeURIComponent(shipTo)}`;

export function useProductDetail(source: string, productId: string, shipTo: string) {
  return useSWR<ProductDetail>(detailKey(source, productId, shipTo));
}

export function useLogistics(source: string, productId: string, countryCode: string) {
  return useSWR<Logistics>(
    `product-sources/logistics/${encodeURIComponent(source)}/${encodeURIComponent(productId)}?country_code=${encodeURIComponent(countryCode)}&quantity=1`,
  );
}

export function useReviews(source: string, productId: string, page: number) {
  return useSWR<SupplierReviews>(`product-sources/reviews/${encodeURIComponent(source)}/${encodeURIComponent(productId)}?page=${page}`);
}

/** Imports a supplier product into the workplace's import list; the card shows the outcome (no toast). */
export const importProduct = (source: string, sourceProductId: string, shipTo: string) =>
  api.post<ImportedProduct>(
    `center/products/import/${encodeURIComponent(source)}`,
    { source_product_id: sourceProductId, ship_to: shipTo },
    { silent: true },
  );

/** Imports many products at once (a job each); poll the tracking id for the outcome. */
export const startImportAll = (items: { source: string; source_product_id: string; ship_to: string }[]) =>
  api.post<ImportAllStarted>('center/products/import-all', { import_data: items }, { silent: true });

export const importAllStatus = (trackingId: string) =>
  api.get<BatchStatus>(`center/products/import-all/${encodeURIComponent(trackingId)}`, { silent: true });

export const FAVOURITED_KEY = 'center/products/favourited';

/** Keys ("source:productId") of the favourite products, and a toggle. */
export function useFavourites() {
  const { data, mutate } = useSWR<FavouriteIds>(FAVOURITED_KEY);
  const { mutate: mutateAll } = useSWRConfig();
  const ids = new Set(data?.ids ?? []);
  async function toggle(key: string) {
    const on = !ids.has(key);
    const optimistic = on ? [...ids, key] : [...ids].filter((id) => id !== key);
    await mutate({ ids: optimistic }, { revalidate: false });
    const res = on
      ? await api.post<FavouriteIds>('center/products/favourite', { product_ids: [key] })
      : await api.delete<FavouriteIds>('center/products/favourite', { body: { product_ids: [key] } });
    if (res.success && res.data?.ids) await mutate({ ids: res.data.ids }, { revalidate: false });
    else await mutate();
    void mutateAll((k) => typeof k === 'string' && k.startsWith('center/products/favourite?'));
  }
  return { ids, toggle };
}
