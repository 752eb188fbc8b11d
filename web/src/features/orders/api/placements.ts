import { useEffect, useMemo, useState } from 'react';
import useSWR from 'swr';
import { api } from '@/lib/api';
import type { PlacementItem } from '@/types/orders';
import { PLACEMENT_POLL_MS, placementPollMs } from '../lib/placement-session';
import { apiId, quietFetch } from './orders';

export const PLACEMENTS_PATH = 'orders/placements';
export const placementsKey = (ids: readonly string[]) => `${PLACEMENTS_PATH}?ids=${ids.map(encodeURIComponent).join(',')}`;

/**
 * The placement items of `ids`, polled every second while one is processing. The poll has its
 * own dedupe window: the app's 5-minute one would swallow every poll.
 */
export function usePlacements(ids: readonly string[], onData?: (items: PlacementItem[]) => void) {
  const [pollMs, setPollMs] = useState(PLACEMENT_POLL_MS);
  const key = ids.length > 0 ? placementsKey(ids) : null;
  const res = useSWR<{ items: PlacementItem[] }>(key, quietFetch, {
    refreshInterval: pollMs,
    dedupingInterval: PLACEMENT_POLL_MS / 2,
    revalidateOnMount: true,
    keepPreviousData: true,
    onSuccess: (d) => onData?.(d.items ?? []),
  });
  const items = useMemo(() => {
    const wanted = new Set(ids);
    return res.data?.items?.filter((i) => wanted.has(String(i.id)));
  }, [res.data, ids]);
  const next = placementPollMs(ids, items);
  useEffect(() => setPollMs(next), [next]);
  return { ...res, items };
}

export const stopPlacements = (source: string) => api.post<{ items: PlacementItem[] }>(`${PLACEMENTS_PATH}/stop`, { source }, { silent: true });
export const removePlacementItem = (id: string) => api.post<{ items: PlacementItem[] }>(`${PLACEMENTS_PATH}/remove`, { id: apiId(id) }, { silent: true });
export const clearPlacements = () => api.post<{ items: PlacementItem[] }>(`${PLACEMENTS_PATH}/clear`, {}, { silent: true });
