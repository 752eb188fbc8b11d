import { Badge, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PushTarget } from '@/types/push';
import { syncState } from '../lib/sync-state';
import { RelativeTime } from '@/components/relative-time';
import { DestinationBox, PushState } from './push-state';

const SYNC_PALETTE = { never: 'gray', synced: 'green', changed: 'teal', error: 'red' } as const;

/** One destination of a pushed product: push state and error, then the supplier sync state. */
export function TargetStatus({ target, label }: { target: PushTarget; label: string }) {
  const { t } = useTranslation();
  const sync = syncState(target);
  return (
    <DestinationBox data-testid="target-status" data-destination={target.destination} data-status={target.status} data-sync={sync}>
      <PushState
        label={label}
        status={target.status}
        error={target.error}
        pushedAt={target.pushed_at}
        ids={{ badge: 'target-status-badge', error: 'target-error' }}
      />
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
    </DestinationBox>
  );
}
