import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '@/components/relative-time';
import type { Notification } from '@/types/api';
import { useMarkRead } from '../api/notifications';
import { notificationText } from '../lib/text';

export function NotificationItems({ items }: { items: Notification[] }) {
  const { t, i18n } = useTranslation();
  const [marking, setMarking] = useState<number | null>(null);
  const { markRead } = useMarkRead();
  if (items.length === 0) {
    return (
      <Text color="fg.muted" fontSize="sm" data-testid="notifications-empty">
        {t('notifications.empty')}
      </Text>
    );
  }
  const read = async (id: number) => {
    setMarking(id);
    try {
      await markRead(id);
    } finally {
      setMarking(null);
    }
  };
  return (
    <Stack gap="0" separator={<Box borderBottomWidth="1px" />}>
      {items.map((item) => {
        const text = notificationText(item, t, i18n.language);
        return (
          <HStack
            key={item.id}
            py="2.5"
            gap="3"
            align="start"
            data-testid="notification-item"
            data-type={item.type ?? ''}
            data-read={item.read}
          >
            <Box flex="1" minW="0">
              <Text fontWeight={item.read ? 'normal' : 'semibold'} fontSize="sm">
                {text.title}
              </Text>
              {text.body ? (
                <Text fontSize="sm" color="fg.muted">
                  {text.body}
                </Text>
              ) : null}
              <RelativeTime iso={item.created_at} display="block" fontSize="xs" color="fg.subtle" mt="0.5" />
            </Box>
            {item.read ? null : (
              <Button
                size="2xs"
                variant="ghost"
                loading={marking === item.id}
                onClick={() => void read(item.id)}
                data-testid="notification-mark-read"
              >
                {t('notifications.markRead')}
              </Button>
            )}
          </HStack>
        );
      })}
    </Stack>
  );
}
