import { api } from '@/lib/api';
import type { PlacementItem } from '@/types/orders';
import { usePolledItems } from '@/lib/use-polled-items';
import { PLACEMENT_POLL_MS } from '../lib/placement-session';
import { apiId } from './orders';

export const PLACEMENTS_PATH = 'orders/placements';
export const placementsKey = (ids: readonly string[]) => `${PLACEMENTS_PATH}?ids=${ids.map(encodeURIComponent).join(',')}`;

/** The placement items of `ids`, polled every second while one is processing. */
export function usePlacements(ids: readonly string[], onData?: (items: PlacementItem[]) => void) {
  return usePolledItems<PlacementItem>(
    ids.length > 0 ? placementsKey(ids) : null,
    ids,
    PLACEMENT_POLL_MS,
    (i) => i.status === 'processing',
    onData,
  );
}

export const stopPlacements = (source: string) =>
  api.post<{ items: PlacementItem[] }>(`${PLACEMENTS_PATH}/stop`, { source }, { silent: true });
export const removePlacementItem = (id: string) =>
  api.post<{ items: PlacementItem[] }>(`${PLACEMENTS_PATH}/remove`, { id: apiId(id) }, { silent: true });
export const clearPlacements = () => api.post<{ items: PlacementItem[] }>(`${PLACEMENTS_PATH}/clear`, {}, { silent: true });
