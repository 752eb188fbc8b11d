import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { messageOf } from '@/lib/api';
import { notify } from '@/lib/toaster';
import { quietFetch, startSupplierSync } from './product-center';

interface Progress {
  id: number | string;
  status: 'processing' | 'success' | 'error';
  error: string | null;
}

export const SYNC_POLL_MS = 1000;

/**
 * A job's progress, polled until it succeeded or failed. The interval is a number kept in state
 * (SWR reads a function interval only when its effect runs) and the poll has its own short
 * dedupe window: the app's 5-minute one would swallow every poll.
 */
function useJobProgress(id: number | string | null, onDone: (p: Progress) => void, onError: (e: Error) => void) {
  const [pollMs, setPollMs] = useState(SYNC_POLL_MS);
  const res = useSWR<Progress>(id !== null ? `progress/${encodeURIComponent(String(id))}` : null, quietFetch, {
    refreshInterval: pollMs,
    dedupingInterval: SYNC_POLL_MS / 2,
    revalidateOnMount: true,
    onSuccess: (p) => (p.status === 'success' || p.status === 'error' ? onDone(p) : undefined),
    onError,
  });
  const done = res.data?.status === 'success' || res.data?.status === 'error';
  useEffect(() => setPollMs(done ? 0 : SYNC_POLL_MS), [done, id]);
  return res;
}

/** "Sync now": starts a supplier sync (POST center/products/auto_update) and follows it to the end. */
export function useSyncNow(onFinished?: () => void) {
  const { t } = useTranslation();
  const [progressId, setProgressId] = useState<number | string | null>(null);
  const [starting, setStarting] = useState(false);
  const finished = useRef<string | null>(null);

  function finish(id: number | string, ok: boolean, message?: string | null) {
    if (finished.current === String(id)) return;
    finished.current = String(id);
    setProgressId((current) => (current === id ? null : current));
    onFinished?.();
    if (ok) notify('success', t('productCenter.syncDone'));
    else notify('error', message || t('productCenter.syncFailed'));
  }

  useJobProgress(
    progressId,
    (p) => finish(p.id, p.status === 'success', p.error),
    (e) => progressId !== null && finish(progressId, false, e.message),
  );

  async function start(productIds?: string[]) {
    if (starting || progressId !== null) return;
    setStarting(true);
    const res = await startSupplierSync(productIds);
    setStarting(false);
    const id = res.data?.progress_id;
    if (res.success && id !== undefined && id !== null) setProgressId(id);
    else notify('error', messageOf(res) || t('productCenter.syncFailed'));
  }

  return { start, syncing: starting || progressId !== null };
}
