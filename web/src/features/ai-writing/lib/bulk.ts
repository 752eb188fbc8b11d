import type { ProgressItem } from '@/types/api.gen';

export type RowState = 'idle' | 'writing' | 'written' | 'failed';

/** What a product's row shows once writing started: its job's state and written title or error. */
export function rowState(item: ProgressItem | undefined, started: boolean): { state: RowState; text?: string } {
  if (!started) return { state: 'idle' };
  if (!item || item.status === 'processing') return { state: 'writing' };
  const refs = item.refs as { title?: string };
  if (item.status === 'success') return { state: 'written', text: refs.title };
  return { state: 'failed', text: item.error ?? undefined };
}

/** The selection after a click on "select all": all (up to `max`) unless all were selected. */
export function toggleAll(ids: readonly string[], selected: ReadonlySet<string>, max: number): Set<string> {
  const all = ids.slice(0, max);
  return all.every((id) => selected.has(id)) ? new Set() : new Set(all);
}
