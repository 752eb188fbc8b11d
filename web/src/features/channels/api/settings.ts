import useSWR from 'swr';
import { api } from '@/lib/api';
import type { ChannelSettings, Warehouses } from '@/types/api';

export const SETTINGS_KEY = 'center/products/setting/get';
export const WAREHOUSES_KEY = 'tiktok/warehouse';

/** Settings of every channel and store, keyed by store id, `tiktok`, `facebook` or `google`. */
export function useChannelSettings(enabled = true) {
  return useSWR<{ channels: Record<string, ChannelSettings> }>(enabled ? SETTINGS_KEY : null);
}

export function useTiktokWarehouses(enabled = true) {
  return useSWR<Warehouses>(enabled ? WAREHOUSES_KEY : null);
}

export interface UpdateChannelInput {
  channel: string;
  store_id?: string;
  settings: ChannelSettings;
}

export const updateChannelSettings = (input: UpdateChannelInput, signal?: AbortSignal) =>
  api.put<{ settings: ChannelSettings }>('center/products/setting/update_channel', input, { signal });
