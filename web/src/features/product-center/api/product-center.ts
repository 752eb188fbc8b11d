import { useCallback, useEffect, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { api, quietFetcher } from '@/lib/api';
import { LIST_REFRESH_MS } from '@/lib/env';
import type { AutoUpdateResponse, AutoUpdateSettings, PushedPage, SyncLogEntry } from '@/types/push';
import { hasProcessing } from '../lib/sync-state';

export const PUSHED_PATH = 'center/products/pushed';
export const PUSHED_PAGE_SIZE = 20;
export const AUTO_UPDATE_KEY = 'products/auto-update';

export const quietFetch = quietFetcher;

export const pushedKey = (page: number, keyword: string) => {
  const q = new URLSearchParams({ page: String(page), page_size: String(PUSHED_PAGE_SIZE) });
  if (keyword) q.set('keyword', keyword);
  return `${PUSHED_PATH}?${q.toString()}`;
};

/** Poll every 3 s while a destination of a listed product is still processing. */
export const PUSHED_POLL_MS = 3000;

/**
 * The pushed products with each destination's state, read again whenever the page opens. While a
 * push is processing the list is polled every 3 s, else every LIST_REFRESH_MS (pushes and syncs
 * run elsewhere), only while the page is visible: the interval is state derived from the data and
 * the poll has its own dedupe window (the app's 5-minute one would swallow every poll).
 */
export function usePushedProducts(page: number, keyword: string) {
  const [pollMs, setPollMs] = useState(LIST_REFRESH_MS);
  const res = useSWR<PushedPage>(pushedKey(page, keyword), quietFetch, {
    revalidateOnMount: true,
    keepPreviousData: true,
    refreshInterval: pollMs,
    refreshWhenHidden: false,
    dedupingInterval: PUSHED_POLL_MS / 2,
  });
  const next = hasProcessing(res.data?.items) ? PUSHED_POLL_MS : LIST_REFRESH_MS;
  useEffect(() => setPollMs(next), [next]);
  return res;
}

/** Revalidates every page of the product center. */
export function useRefreshPushed() {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate((key) => typeof key === 'string' && key.startsWith(PUSHED_PATH)), [mutate]);
}

export const syncLogKey = (id: string) => `center/products/${encodeURIComponent(id)}/sync-log`;

/** What supplier sync saw and did for one product, newest first. */
export function useSyncLog(id: string | null) {
  return useSWR<{ items: SyncLogEntry[] }>(id ? syncLogKey(id) : null, quietFetch, { revalidateOnMount: true });
}

export function useAutoUpdate() {
  return useSWR<AutoUpdateResponse>(AUTO_UPDATE_KEY, quietFetch, { revalidateOnMount: true });
}

export const saveAutoUpdate = (settings: AutoUpdateSettings) =>
  api.put<AutoUpdateSettings | { settings: AutoUpdateSettings }>(AUTO_UPDATE_KEY, settings, { silent: true });

/** Runs a supplier sync now, for some products or every pushed one: `{progress_id}`. */
export const startSupplierSync = (productIds?: string[]) =>
  api.post<{ progress_id: number | string }>(
    'center/products/auto_update',
    productIds && productIds.length > 0 ? { product_ids: productIds } : {},
    { silent: true },
  );
