import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { quietFetcher } from './api';

/**
 * A job's state at `key`, polled every `every` ms until its `status` is success or error. The
 * interval is a number kept in state (SWR reads a function interval only when its effect runs)
 * and the poll has its own short dedupe window: the app's 5-minute one would swallow every poll.
 */
export function usePolledStatus<T extends { status?: string | null }>(
  key: string | null,
  every: number,
  handlers: { onSuccess?: (data: T) => void; onError?: (e: Error) => void } = {},
) {
  const [pollMs, setPollMs] = useState(every);
  const res = useSWR<T>(key, quietFetcher, {
    refreshInterval: pollMs,
    dedupingInterval: every / 2,
    revalidateOnMount: true,
    onSuccess: handlers.onSuccess,
    onError: handlers.onError,
  });
  const done = res.data?.status === 'success' || res.data?.status === 'error';
  useEffect(() => setPollMs(done ? 0 : every), [done, key, every]);
  return res;
}
