/**
 * The placement toast's list: placements started anywhere add their source order ids and show the
 * toast (the same small external store as the push toast's).
 */
import { pollWhileBusy } from '@/lib/use-polled-items';
import type { PlacementItem } from '@/types/orders';
import { createExternalStore } from '@/lib/external-store';

export const PLACEMENT_POLL_MS = 1000;

export interface PlacementSession {
  ids: string[];
  open: boolean;
}

export const EMPTY_PLACEMENTS: PlacementSession = { ids: [], open: false };

export const anyProcessing = (items: readonly Pick<PlacementItem, 'status'>[] | undefined) =>
  (items ?? []).some((i) => i.status === 'processing');

export function addPlacements(session: PlacementSession, ids: readonly (string | number)[]): PlacementSession {
  const next = [...session.ids];
  for (const id of ids.map(String)) if (!next.includes(id)) next.push(id);
  return { ids: next, open: next.length > 0 };
}

export function removePlacement(session: PlacementSession, id: string): PlacementSession {
  const ids = session.ids.filter((i) => i !== id);
  return ids.length > 0 ? { ...session, ids } : EMPTY_PLACEMENTS;
}

/** Closing the toast: the list is cleared when nothing is processing (else the items stay followed). */
export function closePlacements(session: PlacementSession, items: readonly Pick<PlacementItem, 'status'>[] | undefined): PlacementSession {
  return anyProcessing(items) ? { ...session, open: false } : EMPTY_PLACEMENTS;
}

/** After a poll: a closed toast whose items are all done lets them go. */
export function settlePlacements(session: PlacementSession, items: readonly Pick<PlacementItem, 'status'>[] | undefined): PlacementSession {
  if (session.open || session.ids.length === 0 || items === undefined || anyProcessing(items)) return session;
  return EMPTY_PLACEMENTS;
}

/** Poll every second while an item is (or may still be) processing. */
export function placementPollMs(ids: readonly string[], items: readonly Pick<PlacementItem, 'status'>[] | undefined): number {
  return pollWhileBusy(ids, items, PLACEMENT_POLL_MS, (i) => i.status === 'processing');
}

export function summarize(items: readonly Pick<PlacementItem, 'status'>[]) {
  return {
    processing: items.filter((i) => i.status === 'processing').length,
    success: items.filter((i) => i.status === 'success').length,
    error: items.filter((i) => i.status === 'error').length,
  };
}

const STORAGE_KEY = 'dropline.placements';

/** The list survives a reload and the vendor checkout's round trip (per browser tab). */
function load(): PlacementSession {
  try {
    const raw = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(STORAGE_KEY);
    const parsed = raw ? (JSON.parse(raw) as PlacementSession) : null;
    return parsed && Array.isArray(parsed.ids) ? { ids: parsed.ids.map(String), open: Boolean(parsed.open) } : EMPTY_PLACEMENTS;
  } catch {
    return EMPTY_PLACEMENTS;
  }
}

function save(state: PlacementSession) {
  try {
    if (state.ids.length === 0) sessionStorage.removeItem(STORAGE_KEY);
    else sessionStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    // storage unavailable: the list lives in memory only
  }
}

/** The placements the toast follows, kept in sessionStorage so that a reload keeps following them. */
export const placementSession = createExternalStore(load(), save);
