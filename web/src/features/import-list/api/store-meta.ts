import { useSyncExternalStore } from 'react';
import useSWR from 'swr';
import { quietFetcher } from '@/lib/api';
import { getShopId, subscribeShopId } from '@/lib/storage';
import type { StoreCollections, StoreTags } from '@/types/api.gen';

export const storeCollectionsKey = (storeId: string) => `products/collection/all?store_id=${encodeURIComponent(storeId)}`;
export const storeTagsKey = (storeId: string) => `products/tags?store_id=${encodeURIComponent(storeId)}`;

function useCurrentShopId() {
  return useSyncExternalStore(subscribeShopId, getShopId, () => null);
}

// Read from the store itself, so not again on every focus; quiet: without them the fields still take typed names.
const READ_ONCE = { revalidateOnFocus: false, shouldRetryOnError: false } as const;

/** The current store's collections (Shopify) or product categories (WooCommerce); nothing to read without a store. */
export function useStoreCollections() {
  const shop = useCurrentShopId();
  return useSWR<StoreCollections>(shop ? storeCollectionsKey(shop) : null, quietFetcher, READ_ONCE);
}

/** The tags the current store's products carry. */
export function useStoreTags() {
  const shop = useCurrentShopId();
  return useSWR<StoreTags>(shop ? storeTagsKey(shop) : null, quietFetcher, READ_ONCE);
}
