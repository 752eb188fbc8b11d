import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { api, quietFetcher } from '@/lib/api';
import type { PlatformsReply, ProductCompare, ProductPlatform, PushStarted } from '@/types/api.gen';

export const platformsKey = (id: string) => `center/products/platform/${encodeURIComponent(id)}`;
export const compareKey = (id: string) => `center/products/${encodeURIComponent(id)}/compare`;
const UPDATE_PUSH_PATH = 'center/products/update-push';

/** Poll a pushed product's destinations every 1.5 s while one of them is being pushed. */
export const PLATFORMS_POLL_MS = 1500;

export const anyPushing = (platforms: readonly Pick<ProductPlatform, 'status'>[] | undefined) =>
  (platforms ?? []).some((p) => p.status === 'processing');

/**
 * The stores and channels a product lives on, with each one's push status: polled while a push
 * is processing, so the editor shows each destination's result as it lands. The interval is
 * state derived from the data, with its own short dedupe window (the app's 5-minute one would
 * swallow every poll).
 */
export function usePlatforms(id: string) {
  const [pollMs, setPollMs] = useState(0);
  const res = useSWR<PlatformsReply>(id ? platformsKey(id) : null, quietFetcher, {
    revalidateOnMount: true,
    refreshInterval: pollMs,
    dedupingInterval: PLATFORMS_POLL_MS / 2,
  });
  const next = anyPushing(res.data?.platforms) ? PLATFORMS_POLL_MS : 0;
  useEffect(() => setPollMs(next), [next]);
  return res;
}

/** The destinations an update push can reach: the connected ones. */
export const reachable = (platforms: readonly ProductPlatform[] | undefined) => (platforms ?? []).filter((p) => p.connected);

/**
 * Pushes the product again over its copy at every connected destination (spec: update-push's
 * `update` ids; DataWillBeOverwrite), each with the publish choice and publications of its last
 * push, so the store keeps showing it where it did.
 */
export function updateInStores(id: string, platforms: readonly ProductPlatform[]) {
  const channels = Object.fromEntries(
    reachable(platforms).map((p) => [p.destination, { is_publish: p.is_publish, publications: p.publications }]),
  );
  return api.post<PushStarted>(UPDATE_PUSH_PATH, { settings: { channels, push: [], update: [id] } }, { silent: true });
}

/** Each store's copy against Dropline's and the supplier's; read only when asked (it calls the stores). */
export function useCompare(id: string | null) {
  return useSWR<ProductCompare>(id ? compareKey(id) : null, quietFetcher, { revalidateOnMount: true });
}
