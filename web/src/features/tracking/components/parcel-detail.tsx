import { Badge, HStack, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ShipmentWriteback } from '@/types/api.gen';
import { useParcel, useShipmentLog } from '../api/tracking';
import { logText } from '../lib/log';
import { EventTimeline } from './event-timeline';

/** Whether the store (Shopify fulfillment, WooCommerce tracking) has the parcel's tracking. */
export function StoreState({ store }: { store: ShipmentWriteback | null | undefined }) {
  const { t } = useTranslation();
  const state = store?.error ? 'error' : store?.pending ? 'pending' : store?.written_status ? 'written' : 'none';
  const palette = { error: 'red', pending: 'orange', written: 'green', none: 'gray' }[state];
  return (
    <Stack gap="1" data-testid="parcel-store" data-state={state}>
      <HStack gap="2" wrap="wrap">
        <Text fontSize="sm" fontWeight="medium">
          {t('tracking.store.title')}
        </Text>
        <Badge size="sm" colorPalette={palette}>
          {t(`tracking.store.${state}`, {
            status: store?.written_status ? t(`orders.status.${store.written_status}`, { defaultValue: store.written_status }) : '',
          })}
        </Badge>
      </HStack>
      {store?.error ? (
        <Text fontSize="sm" color="fg.error" data-testid="parcel-store-error">
          {store.error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** One parcel's events (newest first), its store write-back and its log. */
export function ParcelDetail({ orderId, shipmentId }: { orderId: string | number; shipmentId: string | number }) {
  const { t, i18n } = useTranslation();
  const parcel = useParcel(orderId, shipmentId);
  const log = useShipmentLog(shipmentId);
  if (!parcel.data) return parcel.error ? <Text color="fg.error">{t('tracking.loadFailed')}</Text> : <Spinner size="sm" />;
  const p = parcel.data;
  const events = (p.events ?? []).map((e) => ({ time: e.time, description: e.description, place: e.location }));
  const items = [...(log.data?.items ?? [])].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return (
    <Stack gap="4" pt="2" data-testid="parcel-detail" data-id={String(p.id)}>
      <Stack gap="2">
        <Heading as="h4" size="xs">
          {t('tracking.events')}
        </Heading>
        <EventTimeline events={events} />
      </Stack>
      <StoreState store={p.store} />
      <Stack gap="1">
        <Heading as="h4" size="xs">
          {t('tracking.log')}
        </Heading>
        {items.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {t('orders.detail.noLogs')}
          </Text>
        ) : (
          items.map((l) => (
            <HStack key={l.id} justify="space-between" align="start" fontSize="sm" gap="3" data-testid="shipment-log" data-event={l.event}>
              <Stack gap="0">
                <Text>{t(`orders.events.${l.event}`, { defaultValue: l.event })}</Text>
                {logText(l.detail, t) ? <Text color="fg.muted">{logText(l.detail, t)}</Text> : null}
              </Stack>
              <Text color="fg.muted" whiteSpace="nowrap" fontSize="xs">
                {new Date(l.created_at).toLocaleString(i18n.language)}
              </Text>
            </HStack>
          ))
        )}
      </Stack>
    </Stack>
  );
}
