import useSWR from 'swr';
import { swrFetcher } from '@/lib/api';
import { LIVE_LIST } from '@/lib/live-list';
import type { NotificationList } from '@/types/api';

export const NOTIFICATIONS_KEY = 'core/list-notification';

/** The notifications, read again while the page is visible (the bell's badge follows). */
export function useNotifications(enabled = true) {
  return useSWR<NotificationList>(enabled ? NOTIFICATIONS_KEY : null, swrFetcher, LIVE_LIST);
}
