import useSWR, { useSWRConfig } from 'swr';
import { api, swrFetcher } from '@/lib/api';
import { LIVE_LIST } from '@/lib/live-list';
import type { NotificationList } from '@/types/api';
import type { NotificationSettings, NotificationType, NotificationTypeSetting as TypeSetting } from '@/types/api.gen';

export type { NotificationType, TypeSetting };

export const NOTIFICATIONS_KEY = 'core/list-notification';
export const NOTIFICATION_SETTINGS_KEY = 'core/settings/notification';

/** The notifications, read again while the page is visible (the bell's badge follows). */
export function useNotifications(enabled = true) {
  return useSWR<NotificationList>(enabled ? NOTIFICATIONS_KEY : null, swrFetcher, LIVE_LIST);
}

/**
 * Marking read one or all: the answer is the list as it is now, so the bell and the page follow at
 * once (the session's own SWR cache, hence the hook).
 */
export function useMarkRead() {
  const { mutate } = useSWRConfig();
  const apply = async (answer: { data: NotificationList | null }) => {
    if (answer.data) await mutate(NOTIFICATIONS_KEY, answer.data, { revalidate: false });
  };
  return {
    markRead: async (id: number) => apply(await api.post<NotificationList>(`core/notifications/${id}/read`, {})),
    markAllRead: async () => apply(await api.post<NotificationList>('core/notifications/read-all', {})),
  };
}

/** Every notification type with the owner's choice (shown here, emailed). */
export function useNotificationSettings() {
  return useSWR<NotificationSettings>(NOTIFICATION_SETTINGS_KEY, swrFetcher);
}

/** Saves one type's choice; the answer (every type) replaces the cached settings. */
export function useSaveNotificationSetting() {
  const { mutate } = useSWRConfig();
  return async (item: TypeSetting) => {
    const answer = await api.put<NotificationSettings>(NOTIFICATION_SETTINGS_KEY, { items: [item] });
    if (answer.data) await mutate(NOTIFICATION_SETTINGS_KEY, answer.data, { revalidate: false });
  };
}
