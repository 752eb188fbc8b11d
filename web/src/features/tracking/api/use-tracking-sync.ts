import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { messageOf } from '@/lib/api';
import { notify } from '@/lib/toaster';
import { quietFetch, syncStatus, trackNow, useRefreshTracking } from './tracking';

interface Progress {
  id: number | string;
  status: 'queued' | 'processing' | 'success' | 'error';
  error: string | null;
}

export const TRACKING_POLL_MS = 1000;
export type SyncKind = 'track' | 'sync';

const finishedStatus = (p: Progress | undefined) => p?.status === 'success' || p?.status === 'error';

/**
 * "Track now" (carrier read) and "Sync status" (supplier numbers, then the carrier): starts the
 * job and polls `GET progress/{id}` (its own dedupe window: the app's 5-minute one would swallow
 * every poll) until it finishes, then toasts and revalidates the order and tracking lists.
 */
export function useTrackingSync(onFinished?: () => void) {
  const { t } = useTranslation();
  const refresh = useRefreshTracking();
  const [job, setJob] = useState<{ id: number | string; kind: SyncKind } | null>(null);
  const [starting, setStarting] = useState<SyncKind | null>(null);
  const [pollMs, setPollMs] = useState(TRACKING_POLL_MS);
  const finished = useRef<string | null>(null);

  function finish(id: number | string, kind: SyncKind, ok: boolean, message?: string | null) {
    if (finished.current === String(id)) return;
    finished.current = String(id);
    setJob((current) => (current?.id === id ? null : current));
    void refresh();
    onFinished?.();
    if (ok) notify('success', t(`tracking.sync.done.${kind}`));
    else notify('error', message || t('tracking.sync.failed'));
  }

  const res = useSWR<Progress>(job ? `progress/${encodeURIComponent(String(job.id))}` : null, quietFetch, {
    refreshInterval: pollMs,
    dedupingInterval: TRACKING_POLL_MS / 2,
    revalidateOnMount: true,
    onSuccess: (p) => (job && finishedStatus(p) ? finish(job.id, job.kind, p.status === 'success', p.error) : undefined),
    onError: (e: Error) => (job ? finish(job.id, job.kind, false, e.message) : undefined),
  });
  const done = finishedStatus(res.data);
  useEffect(() => setPollMs(done ? 0 : TRACKING_POLL_MS), [done, job]);

  async function start(kind: SyncKind, ids?: (string | number)[]) {
    if (starting || job) return;
    setStarting(kind);
    const r = kind === 'track' ? await trackNow(ids) : await syncStatus(ids);
    setStarting(null);
    const id = r.data?.progress_id;
    if (r.success && id !== undefined && id !== null) setJob({ id, kind });
    else notify('error', messageOf(r) || t('tracking.sync.failed'));
  }

  const running: SyncKind | null = starting ?? job?.kind ?? null;
  return { start, running };
}
