import useSWR from 'swr';
import { api } from '@/lib/api';
import type { SalesChannel, SalesChannelId } from '@/types/api';
import { CHANNEL_AUTH_PLATFORM } from '../lib/platforms';

export const CHANNELS_KEY = 'channels/list';

/** TikTok, Facebook and Google with their connection state (GET channels/list). */
export function useChannels(enabled = true) {
  return useSWR<{ channels: SalesChannel[] }>(enabled ? CHANNELS_KEY : null);
}

/** The channel's sign-in page; it sends the browser back to /app/auth/bind/platform. */
export const startChannelAuth = (channel: SalesChannelId) =>
  api.get<{ url: string }>(`auth/platform/${CHANNEL_AUTH_PLATFORM[channel]}/auth`);

export const finishChannelAuth = (platform: string, code: string, state: string) =>
  api.post<{ channel: SalesChannel }>(`auth/platform/${encodeURIComponent(platform)}/callback`, { code, state }, { silent: true });

export const linkFacebook = (businessId: string, catalogId: string) =>
  api.post<{ channel: SalesChannel }>('auth/platform/facebook/link', { business_id: businessId, catalog_id: catalogId });

export const linkGoogleMerchant = (merchantId: string) =>
  api.post<{ channel: SalesChannel }>('auth/platform/google-merchant/link', { merchant_id: merchantId });

export const disconnectChannel = (channel: SalesChannelId) =>
  api.post<{ channel: SalesChannel }>(`auth/platform/${CHANNEL_AUTH_PLATFORM[channel]}/disconnect`, {});
