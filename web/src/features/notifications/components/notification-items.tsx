import { Box, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '@/components/relative-time';
import type { Notification } from '@/types/api';

export function NotificationItems({ items }: { items: Notification[] }) {
  const { t } = useTranslation();
  if (items.length === 0) {
    return (
      <Text color="fg.muted" fontSize="sm" data-testid="notifications-empty">
        {t('notifications.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="0" separator={<Box borderBottomWidth="1px" />}>
      {items.map((item) => (
        <Box key={item.id} py="2.5" data-testid="notification-item">
          <Text fontWeight={item.read ? 'normal' : 'semibold'} fontSize="sm">
            {item.title}
          </Text>
          {item.body ? (
            <Text fontSize="sm" color="fg.muted">
              {item.body}
            </Text>
          ) : null}
          <RelativeTime iso={item.created_at} display="block" fontSize="xs" color="fg.subtle" mt="0.5" />
        </Box>
      ))}
    </Stack>
  );
}
