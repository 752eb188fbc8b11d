import { useEffect, useMemo, useState } from 'react';
import useSWR from 'swr';
import { quietFetcher } from './api';

/** Poll every `every` ms while an item is (or may still be) busy; 0 once all are done. */
export function pollWhileBusy<T>(
  ids: readonly string[],
  items: readonly T[] | undefined,
  every: number,
  busy: (item: T) => boolean,
): number {
  if (ids.length === 0) return 0;
  if (items === undefined || items.length < ids.length) return every;
  return items.some(busy) ? every : 0;
}

/**
 * The items `{items}` at `key` (an `?ids=` read of `ids`), polled every `every` ms while one is
 * busy. The interval is state derived from the data (SWR reads a function interval only when its
 * effect runs), and the poll has its own short dedupe window: the app's 5-minute one would
 * swallow every poll.
 */
export function usePolledItems<T extends { id: string | number }>(
  key: string | null,
  ids: readonly string[],
  every: number,
  busy: (item: T) => boolean,
  onData?: (items: T[]) => void,
) {
  const [pollMs, setPollMs] = useState(every);
  const res = useSWR<{ items: T[] }>(key, quietFetcher, {
    refreshInterval: pollMs,
    dedupingInterval: every / 2,
    revalidateOnMount: true,
    keepPreviousData: true,
    onSuccess: (d) => onData?.(d.items ?? []),
  });
  const items = useMemo(() => {
    // keepPreviousData may hold a shorter list: show only the tracked ids.
    const wanted = new Set(ids);
    return res.data?.items?.filter((i) => wanted.has(String(i.id)));
  }, [res.data, ids]);
  const next = pollWhileBusy(ids, items, every, busy);
  useEffect(() => setPollMs(next), [next]);
  return { ...res, items };
}
