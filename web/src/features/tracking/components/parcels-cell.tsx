import { HStack, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '@/types/orders';
import type { Shipment } from '@/types/tracking';
import { useShipments } from '../api/tracking';
import { ShipmentStatusBadge } from './shipment-status-badge';

/** The newest parcels (one call shared by every row) give each row its parcels' last event. */
const RECENT = { pageSize: 100 } as const;

function useRecentParcels() {
  const { data } = useShipments(RECENT);
  return useMemo(() => new Map((data?.items ?? []).map((s) => [String(s.id), s] as const)), [data]);
}

/** The shipment tab's parcels of an order: number, carrier, status and last event. */
export function ParcelsCell({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const recent = useRecentParcels();
  const parcels = order.shipments ?? [];
  if (parcels.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="order-parcels-none">
        {t('tracking.noParcels')}
      </Text>
    );
  }
  return (
    <Stack gap="2" data-testid="order-parcels">
      {parcels.map((p) => {
        const full: Shipment | undefined = recent.get(String(p.id));
        const last = full?.last_event;
        const at = last?.time ?? full?.last_event_at ?? p.last_event_at;
        return (
          <Stack
            key={p.id}
            gap="0.5"
            fontSize="sm"
            data-testid="order-parcel"
            data-number={p.tracking_number}
            data-status={full?.status ?? p.status}
          >
            <HStack gap="2" wrap="wrap">
              <Text dir="ltr" fontWeight="medium">
                {p.tracking_number}
              </Text>
              <ShipmentStatusBadge status={full?.status ?? p.status} size="xs" />
            </HStack>
            <Text color="fg.muted" fontSize="xs">
              {p.carrier || full?.carrier || t('tracking.unknownCarrier')}
            </Text>
            {last?.description || at ? (
              <Text color="fg.muted" fontSize="xs" lineClamp={2} data-testid="order-parcel-last">
                {[last?.description, at ? new Date(at).toLocaleString(i18n.language) : null].filter(Boolean).join(' · ')}
              </Text>
            ) : null}
          </Stack>
        );
      })}
    </Stack>
  );
}
