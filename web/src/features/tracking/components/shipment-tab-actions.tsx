import { HStack, Link } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { TrackingActions } from './tracking-actions';
import { trackingCenterPath } from './tracking-center-page';

/** The shipment tab's toolbar: the tracking center, Sync status and Track now. */
export function ShipmentTabActions({ onFinished }: { onFinished?: () => void }) {
  const { t } = useTranslation();
  return (
    <HStack gap="3" wrap="wrap">
      <Link asChild fontSize="sm" color="teal.700">
        <RouterLink to={trackingCenterPath('import-list')} data-testid="tracking-center-link">
          {t('tracking.center.title')}
        </RouterLink>
      </Link>
      <TrackingActions onFinished={onFinished} />
    </HStack>
  );
}
