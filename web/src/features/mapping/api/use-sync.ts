import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '@/lib/api';
import { notify } from '@/lib/toaster';
import type { Progress } from '@/types/mapping';
import { startSync, useProgress, useRefreshListings } from './mapping';

/**
 * "Sync products from store": starts the job that reads the store's products, follows its
 * progress until success or error, then reads the lists again.
 */
export function useStoreSync(storeId: string | null) {
  const { t } = useTranslation();
  const [progressId, setProgressId] = useState<number | string | null>(null);
  const [starting, setStarting] = useState(false);
  const refresh = useRefreshListings();
  const finished = useRef<string | null>(null);

  // Called by SWR after each poll (outside React's render and effects).
  function finish(id: number | string, ok: boolean, message?: string | null) {
    if (finished.current === String(id)) return;
    finished.current = String(id);
    setProgressId((current) => (current === id ? null : current));
    if (ok) {
      void refresh();
      notify('success', t('mapping.syncDone'));
    } else notify('error', message || t('mapping.syncFailed'));
  }

  useProgress(progressId, {
    onSuccess: (p: Progress) => {
      if (p.status === 'success') finish(p.id, true);
      else if (p.status === 'error') finish(p.id, false, p.error);
    },
    onError: (e) => progressId !== null && finish(progressId, false, e.message),
  });

  async function start() {
    if (!storeId || starting || progressId !== null) return;
    setStarting(true);
    const res = await startSync(storeId);
    setStarting(false);
    if (res.success && res.data?.progress_id !== undefined && res.data.progress_id !== null) setProgressId(res.data.progress_id);
    else notify('error', messageOf(res) || t('mapping.syncFailed'));
  }

  return { start, syncing: starting || progressId !== null };
}
