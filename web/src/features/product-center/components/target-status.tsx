import { Badge, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PushTarget } from '@/types/push';
import { syncState } from '../lib/sync-state';
import { RelativeTime } from '@/components/relative-time';

const STATUS_PALETTE = { processing: 'blue', success: 'green', error: 'red' } as const;
const SYNC_PALETTE = { never: 'gray', synced: 'green', changed: 'teal', error: 'red' } as const;

/** One destination of a pushed product: push state and error, then the supplier sync state. */
export function TargetStatus({ target, label }: { target: PushTarget; label: string }) {
  const { t } = useTranslation();
  const sync = syncState(target);
  return (
    <Stack
      gap="1"
      p="2"
      borderWidth="1px"
      borderRadius="md"
      minW="48"
      maxW="xs"
      data-testid="target-status"
      data-destination={target.destination}
      data-status={target.status}
      data-sync={sync}
    >
      <HStack gap="2" justify="space-between">
        <Text fontSize="sm" fontWeight="medium" lineClamp={1}>
          {label}
        </Text>
        <Badge size="sm" colorPalette={STATUS_PALETTE[target.status] ?? 'gray'} data-testid="target-status-badge">
          {target.status === 'processing' ? <Spinner size="xs" /> : null}
          {t(`productCenter.status.${target.status}`)}
        </Badge>
      </HStack>
      {target.status === 'error' && target.error ? (
        <Text fontSize="xs" color="fg.error" data-testid="target-error">
          {target.error}
        </Text>
      ) : null}
      {target.pushed_at ? (
        <Text fontSize="xs" color="fg.muted">
          {t('productCenter.pushedAt')} <RelativeTime iso={target.pushed_at} />
        </Text>
      ) : null}
      <HStack gap="1.5" fontSize="xs" wrap="wrap" data-testid="target-sync">
        <Badge size="xs" colorPalette={SYNC_PALETTE[sync]} variant="subtle">
          {t(`productCenter.sync.${sync}`)}
        </Badge>
        {target.synced_at ? <RelativeTime iso={target.synced_at} color="fg.muted" /> : null}
      </HStack>
      {target.sync_change ? (
        <Text fontSize="xs" color="fg.muted" data-testid="target-sync-change">
          {target.sync_change}
        </Text>
      ) : null}
      {target.sync_error ? (
        <Text fontSize="xs" color="fg.error" data-testid="target-sync-error">
          {target.sync_error}
        </Text>
      ) : null}
    </Stack>
  );
}
