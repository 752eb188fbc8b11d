import { Box, HStack, Heading, Link, Spinner } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useNotifications } from '../api/notifications';
import { MarkAllRead } from './mark-all-read';
import { NotificationItems } from './notification-items';

/** /app/notifications and /app/recent-notification. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const { data, isLoading } = useNotifications();
  return (
    <Box data-testid="notifications-page" maxW="3xl">
      <HStack justify="space-between" mb="4" gap="3" wrap="wrap">
        <Heading as="h1" size="xl">
          {t('notifications.title')}
        </Heading>
        <HStack gap="3">
          <Link asChild color="teal.700" fontSize="sm" fontWeight="semibold">
            <RouterLink to="/app/setting/notification" data-testid="notifications-settings-link">
              {t('notifications.settings')}
            </RouterLink>
          </Link>
          <MarkAllRead disabled={(data?.unread.total ?? 0) === 0} />
        </HStack>
      </HStack>
      <Box bg="bg" borderWidth="1px" borderRadius="lg" px="4" py="2">
        {isLoading ? <Spinner /> : <NotificationItems items={data?.items ?? []} />}
      </Box>
    </Box>
  );
}
