import useSWR from 'swr';
import { swrFetcher } from '@/lib/api';
import type { NotificationList } from '@/types/api';

export const NOTIFICATIONS_KEY = 'core/list-notification';

export function useNotifications(enabled = true) {
  return useSWR<NotificationList>(enabled ? NOTIFICATIONS_KEY : null, swrFetcher);
}
