import useSWR from 'swr';
import { ApiError, api, quietFetcher, rootApi } from '@/lib/api';
import type { ChannelSettings, Publication } from '@/types/api';
import type { AutomationResponse, AutomationSettings, DestinationSettings, PushProgressItem, PushResult } from '@/types/push';
import { usePolledItems } from '@/lib/use-polled-items';
import { PUSH_POLL_MS, isDone } from '../lib/push-session';

export const PUSH_PATH = 'center/products/push-to-multiple-channels';
export const UPDATE_PUSH_PATH = 'center/products/update-push';
export const PROGRESS_PATH = 'center/products/push/progress';
export const AUTOMATION_KEY = 'center/products/setting/automation-product/get';
export const AUTOMATION_UPDATE_PATH = 'center/products/setting/automation-product/update';
/** The product settings call, which also holds each destination's channel settings. */
export const CHANNEL_SETTINGS_KEY = 'center/products/setting/get';
const PUBLICATIONS_PATH = 'status/shopify-service/api/shopify/shop/publications';

/** Pushes products to the destinations (the modal shows its own messages). */
export const pushProducts = (channels: Record<string, DestinationSettings>, productIds: string[]) =>
  api.post<PushResult>(PUSH_PATH, { settings: { channels }, product_package_ids: productIds }, { silent: true });

/** Pushes again over what the destinations have (`update`) and to new ones (`push`). */
export const updatePush = (channels: Record<string, DestinationSettings>, push: string[], update: string[]) =>
  api.post<PushResult>(UPDATE_PUSH_PATH, { settings: { channels, push, update } }, { silent: true });

export const saveAutomation = (settings: AutomationSettings) =>
  api.put<AutomationSettings>(AUTOMATION_UPDATE_PATH, settings, { silent: true });

const quietFetch = quietFetcher;

/** Smart push settings (spec defaults when never saved). */
export function useAutomation(enabled = true) {
  return useSWR<AutomationResponse>(enabled ? AUTOMATION_KEY : null, quietFetch, { revalidateOnMount: true });
}

/** Every destination's channel settings: publish, and a Shopify store's publications. */
export function useChannelSettingsMap(enabled = true) {
  return useSWR<{ channels?: Record<string, ChannelSettings> }>(enabled ? CHANNEL_SETTINGS_KEY : null);
}

async function fetchPublications([, storeId]: readonly [string, string]): Promise<Publication[]> {
  const res = await rootApi.get<{ publications: Publication[] }>(PUBLICATIONS_PATH, { headers: { 'store-id': storeId }, silent: true });
  if (!res.success) throw new ApiError(res);
  return res.data?.publications ?? [];
}

/** A Shopify store's publications as Dropline last read them (no call to Shopify). */
export function useStorePublications(storeId: string | null) {
  return useSWR<Publication[], Error, readonly [string, string] | null>(storeId ? ['push/publications', storeId] : null, fetchPublications);
}

export const progressKey = (ids: readonly string[]) => `${PROGRESS_PATH}?ids=${ids.map(encodeURIComponent).join(',')}`;

/** The push-progress items of `ids`, polled every 1.5 s while one is processing. */
export function usePushProgress(ids: readonly string[], onData?: (items: PushProgressItem[]) => void) {
  return usePolledItems<PushProgressItem>(ids.length > 0 ? progressKey(ids) : null, ids, PUSH_POLL_MS, (i) => !isDone(i), onData);
}
