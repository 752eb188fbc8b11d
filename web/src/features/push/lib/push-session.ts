/**
 * The push toast's list (spec section 4): every push adds its progress items and shows the
 * toast; an item is done on success or error; closing the toast clears the list when nothing is
 * processing (else the items stay tracked, and go once they are all done).
 */
import { pollWhileBusy } from '@/lib/use-polled-items';
import type { PushProgressItem } from '@/types/push';
import { createExternalStore } from '@/lib/external-store';

export const PUSH_POLL_MS = 1500;

export interface PushSession {
  /** Progress item ids being shown or tracked. */
  ids: string[];
  /** The toast is shown. */
  open: boolean;
}

export const EMPTY_SESSION: PushSession = { ids: [], open: false };

export const isDone = (item: Pick<PushProgressItem, 'status'>) => item.status === 'success' || item.status === 'error';

export function anyProcessing(items: readonly Pick<PushProgressItem, 'status'>[] | undefined): boolean {
  return (items ?? []).some((item) => !isDone(item));
}

/** A new push: its ids join the list (once each) and the toast shows. */
export function addPush(session: PushSession, ids: readonly (string | number)[]): PushSession {
  const next = [...session.ids];
  for (const id of ids.map(String)) if (!next.includes(id)) next.push(id);
  return { ids: next, open: next.length > 0 };
}

/** Closing the toast: the list is cleared when nothing is processing. */
export function closeSession(session: PushSession, items: readonly Pick<PushProgressItem, 'status'>[] | undefined): PushSession {
  return anyProcessing(items) ? { ...session, open: false } : EMPTY_SESSION;
}

/** After a poll: a closed toast whose items are all done lets them go. */
export function settleSession(session: PushSession, items: readonly Pick<PushProgressItem, 'status'>[] | undefined): PushSession {
  if (session.open || session.ids.length === 0 || items === undefined || anyProcessing(items)) return session;
  return EMPTY_SESSION;
}

/** Poll every 1.5 s while an item of the list is (or may still be) processing. */
export function pollInterval(ids: readonly string[], items: readonly Pick<PushProgressItem, 'status'>[] | undefined): number {
  return pollWhileBusy(ids, items, PUSH_POLL_MS, (i) => !isDone(i));
}

/** Items that were processing in `before` and are done in `after`. */
export function newlyDone(before: readonly PushProgressItem[] | undefined, after: readonly PushProgressItem[]): PushProgressItem[] {
  const was = new Map((before ?? []).map((i) => [String(i.id), i.status]));
  return after.filter((i) => isDone(i) && was.get(String(i.id)) !== i.status);
}

export interface ToastSummary {
  processing: number;
  success: number;
  error: number;
}

export function summarize(items: readonly Pick<PushProgressItem, 'status'>[]): ToastSummary {
  return {
    processing: items.filter((i) => !isDone(i)).length,
    success: items.filter((i) => i.status === 'success').length,
    error: items.filter((i) => i.status === 'error').length,
  };
}

/** The session as a tiny external store, so the toast in the shell sees pushes made anywhere. */
export function createSessionStore(initial: PushSession = EMPTY_SESSION) {
  return createExternalStore(initial);
}

export const pushSession = createSessionStore();

/** A push started outside the push modal (the product center's editor): the toast follows its items. */
export function trackPush(ids: readonly (string | number)[]): void {
  pushSession.set(addPush(pushSession.get(), ids));
}
