import { Button, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useTrackingSync } from '../api/use-tracking-sync';

/** "Sync status" (tracking numbers from the suppliers) and "Track now" (the carriers), with a toast when done. */
interface TrackingActionsProps {
  /** Only these parcels (Track now) / supplier orders (Sync status); all of the workplace's when absent. */
  shipmentIds?: (string | number)[];
  sourceOrderIds?: (string | number)[];
  onFinished?: () => void;
}

export function TrackingActions({ shipmentIds, sourceOrderIds, onFinished }: TrackingActionsProps) {
  const { t } = useTranslation();
  const { start, running } = useTrackingSync(onFinished);
  return (
    <HStack gap="2" data-testid="tracking-actions" data-running={running ?? ''}>
      <Button
        size="sm"
        variant="outline"
        colorPalette="teal"
        onClick={() => void start('sync', sourceOrderIds)}
        loading={running === 'sync'}
        disabled={running !== null}
        data-testid="tracking-sync-status"
      >
        {t('tracking.sync.syncStatus')}
      </Button>
      <Button
        size="sm"
        colorPalette="teal"
        onClick={() => void start('track', shipmentIds)}
        loading={running === 'track'}
        disabled={running !== null}
        data-testid="tracking-track-now"
      >
        {t('tracking.sync.trackNow')}
      </Button>
    </HStack>
  );
}
