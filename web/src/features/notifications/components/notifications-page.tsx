import { Box, Heading, Spinner } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNotifications } from '../api/notifications';
import { NotificationItems } from './notification-items';

/** /app/notifications and /app/recent-notification. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const { data, isLoading } = useNotifications();
  return (
    <Box data-testid="notifications-page" maxW="3xl">
      <Heading as="h1" size="xl" mb="4">
        {t('notifications.title')}
      </Heading>
      <Box bg="bg" borderWidth="1px" borderRadius="lg" px="4" py="2">
        {isLoading ? <Spinner /> : <NotificationItems items={data?.items ?? []} />}
      </Box>
    </Box>
  );
}
