import { Float, HStack, IconButton, Link, Popover, Portal, Spinner, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { BellIcon } from '@/components/icons';
import { useNotifications } from '../api/notifications';
import { CountBadge } from '@/components/count-badge';
import { MarkAllRead } from './mark-all-read';
import { NotificationItems } from './notification-items';

const PREVIEW_COUNT = 5;

/** Bell with the unread count (capped at 99+) and the latest notifications. */
export function NotificationBell() {
  const { t } = useTranslation();
  const { data, isLoading } = useNotifications();
  const unread = data?.unread.total ?? 0;
  return (
    <Popover.Root positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger asChild>
        <IconButton variant="ghost" size="sm" aria-label={t('notifications.title')} data-testid="notification-bell" position="relative">
          <BellIcon />
          {unread > 0 ? (
            <Float placement="top-end" offset="1.5">
              <CountBadge count={unread} data-testid="notification-badge" />
            </Float>
          ) : null}
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="sm" maxW="calc(100vw - 16px)" data-testid="notification-popover">
            <Popover.Body>
              <HStack justify="space-between" mb="2">
                <Popover.Title fontWeight="semibold">{t('notifications.title')}</Popover.Title>
                {unread > 0 ? (
                  <Text fontSize="xs" color="fg.muted">
                    {t('notifications.unread', { total: unread })}
                  </Text>
                ) : null}
              </HStack>
              {isLoading ? <Spinner size="sm" /> : <NotificationItems items={(data?.items ?? []).slice(0, PREVIEW_COUNT)} />}
              <HStack mt="3" justify="space-between">
                <Link asChild color="teal.700" fontSize="sm" fontWeight="semibold">
                  <RouterLink to="/app/notifications">{t('notifications.viewAll')}</RouterLink>
                </Link>
                <MarkAllRead disabled={unread === 0} />
              </HStack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
