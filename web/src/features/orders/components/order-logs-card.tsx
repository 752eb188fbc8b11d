import { HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { OrderLog } from '@/types/orders';
import { logDetailText } from '../lib/log-detail';

/** What happened to the order, newest first. */
export function OrderLogsCard({ logs }: { logs: OrderLog[] }) {
  const { t, i18n } = useTranslation();
  const sorted = [...logs].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return (
    <Stack gap="0" bg="bg" borderWidth="1px" borderRadius="xl" p="4" data-testid="order-logs">
      <Heading as="h2" size="md" pb="2">
        {t('orders.detail.logs')}
      </Heading>
      {sorted.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('orders.detail.noLogs')}
        </Text>
      ) : null}
      {sorted.map((log) => (
        <HStack
          key={log.id}
          justify="space-between"
          align="start"
          py="2"
          borderTopWidth="1px"
          fontSize="sm"
          data-testid="order-log"
          data-event={log.event}
        >
          <Stack gap="0">
            <Text fontWeight="medium">{t(`orders.events.${log.event}`, { defaultValue: log.event })}</Text>
            {logDetailText(log.detail, t) ? <Text color="fg.muted">{logDetailText(log.detail, t)}</Text> : null}
          </Stack>
          <Text color="fg.muted" whiteSpace="nowrap">
            {new Date(log.created_at).toLocaleString(i18n.language)}
          </Text>
        </HStack>
      ))}
    </Stack>
  );
}
