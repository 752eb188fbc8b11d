import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { shipmentTone, tonePalette } from '../lib/status';

/** A shipment status: delivery_failure and exception critical, expired warning (spec section 4). */
export function ShipmentStatusBadge({ status, size = 'sm' }: { status: string; size?: 'xs' | 'sm' | 'md' }) {
  const { t } = useTranslation();
  const tone = shipmentTone(status);
  return (
    <Badge
      size={size}
      colorPalette={tonePalette(tone)}
      variant={tone === 'critical' ? 'solid' : 'subtle'}
      data-testid="shipment-status"
      data-status={status}
      data-tone={tone}
    >
      {t(`orders.status.${status}`, { defaultValue: status })}
    </Badge>
  );
}
