import { useCallback, useEffect, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { api, rootApi, ApiError } from '@/lib/api';
import { getWorkplaceId } from '@/lib/storage';
import type { PublicationList, Store, StoreList, StorePlatform } from '@/types/api';

export const STORES_PATH = 'stores/list-store';
export const PUBLICATIONS_PATH = 'status/shopify-service/api/shopify/shop/publications';

/** SWR key of the store list: per workplace, so switching workplace never shows another's shops. */
export type StoresKey = readonly [typeof STORES_PATH, string];
export const storesKey = (workplaceId: string | null = getWorkplaceId()): StoresKey => [STORES_PATH, workplaceId ?? ''];

async function fetchStores([path]: StoresKey): Promise<StoreList> {
  const res = await api.get<StoreList>(path);
  if (!res.success) throw new ApiError(res);
  return res.data ?? { stores: [] };
}

/** Poll every 2 s while a store's setup job runs, so its state shows without a reload. */
export const SETUP_POLL_MS = 2000;
export const setupRefreshInterval = (data: StoreList | undefined) =>
  data?.stores.some((s) => s.setup === 'pending' && s.status === 'connected') ? SETUP_POLL_MS : 0;

/**
 * The workplace's stores, default first (GET stores/list-store). The poll interval is state
 * derived from the data: SWR reads a function interval only when its effect runs, so a store
 * that turns pending after mount (a connect from the callback page) would never be polled.
 * Polls are deduplicated against the app's 5-minute stale time unless the list has its own
 * short window: without it no poll would reach the API.
 */
export function useStores(enabled = true) {
  const [pollMs, setPollMs] = useState(0);
  const res = useSWR<StoreList, Error, StoresKey | null>(enabled ? storesKey() : null, fetchStores, {
    refreshInterval: pollMs,
    dedupingInterval: SETUP_POLL_MS / 2,
  });
  const next = setupRefreshInterval(res.data);
  useEffect(() => setPollMs(next), [next]);
  return res;
}

/** The account call: its `has_shop` and `linked_stores` change with the stores. */
const ACCOUNT_PATH = 'auth/account';

/** Revalidates the store lists and the account (after a connect, a default change or a removal). */
export function useRefreshStores() {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate((key) => (Array.isArray(key) && key[0] === STORES_PATH) || key === ACCOUNT_PATH), [mutate]);
}

/** Starts an install: Shopify's install page or WooCommerce's key grant page (`data.url`). */
export const installStore = (platform: StorePlatform, shop: string) =>
  api.post<{ url: string }>(`auth/platform/${platform}/install`, { shop }, { silent: true });

/** Finishes a Shopify install with every query parameter Shopify sent to /callback. */
export const finishShopifyInstall = (params: Record<string, string>) =>
  api.post<{ store: Store }>('auth/platform/shopify/callback', params, { silent: true });

/** Connects a WooCommerce store with pasted REST API keys. */
export const linkWooCommerce = (shop: string, consumerKey: string, consumerSecret: string) =>
  api.post<{ store: Store }>(
    'auth/platform/woocommerce/link',
    { shop, consumer_key: consumerKey, consumer_secret: consumerSecret },
    { silent: true },
  );

export const makeDefaultStore = (storeId: string) => api.post<{ store: Store }>('core/stores/update-default-store', { store_id: storeId });

/** Removes the store from the list (its products, orders and history stay). */
export const removeStore = (storeId: string) => api.delete<null>(`stores/${encodeURIComponent(storeId)}`);

/** Disconnects the store from the platform; it stays listed as disconnected. */
export const uninstallStore = (platform: StorePlatform, shop: string) =>
  api.post<{ store: Store }>(`auth/platform/${platform}/uninstall`, { shop });

async function fetchPublications([, storeId]: readonly [string, string]): Promise<PublicationList> {
  const res = await rootApi.get<PublicationList>(PUBLICATIONS_PATH, {
    query: { clear_cache: 1, update_external_channels: 1 },
    headers: { 'store-id': storeId },
  });
  if (!res.success) throw new ApiError(res);
  return { publications: res.data?.publications ?? [], external_channels: res.data?.external_channels ?? [] };
}

/** A Shopify store's publications (sales channels), read again from Shopify (host-root call). */
export function usePublications(storeId: string | null) {
  return useSWR<PublicationList, Error, readonly [string, string] | null>(storeId ? [PUBLICATIONS_PATH, storeId] : null, fetchPublications);
}
