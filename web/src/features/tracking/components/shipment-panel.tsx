import { Button, HStack, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Shipment } from '@/types/tracking';
import { SectionCard } from '@/components/ui/section-card';
import { usePanel } from '../api/tracking';
import { publicPath, publicTrackingUrl } from '../lib/status';
import { AddTrackingForm } from './add-tracking-form';
import { ParcelDetail } from './parcel-detail';
import { ShipmentStatusBadge } from './shipment-status-badge';
import { TrackingActions } from './tracking-actions';

function ParcelRow({
  orderId,
  parcel,
  open,
  onToggle,
}: {
  orderId: string | number;
  parcel: Shipment;
  open: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack
      gap="1"
      py="3"
      borderTopWidth="1px"
      data-testid="panel-parcel"
      data-id={String(parcel.id)}
      data-number={parcel.tracking_number}
      data-status={parcel.status}
    >
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Stack gap="0">
          <HStack gap="2">
            <Text dir="ltr" fontWeight="medium">
              {parcel.tracking_number}
            </Text>
            <ShipmentStatusBadge status={parcel.status} />
          </HStack>
          <Text fontSize="xs" color="fg.muted">
            {[parcel.carrier || t('tracking.unknownCarrier'), t(`tracking.origin.${parcel.origin}`, { defaultValue: parcel.origin })].join(
              ' · ',
            )}
          </Text>
        </Stack>
        <Button size="xs" variant="ghost" colorPalette="teal" onClick={onToggle} aria-expanded={open} data-testid="panel-parcel-toggle">
          {open ? t('tracking.hideDetails') : t('tracking.showDetails')}
        </Button>
      </HStack>
      {open ? <ParcelDetail orderId={orderId} shipmentId={parcel.id} /> : null}
    </Stack>
  );
}

/** The order's shipment panel: parcels with their events, store write-back and log; a number added by hand. */
export function ShipmentPanel({
  orderId,
  publicId,
  onChanged,
}: {
  orderId: string | number;
  publicId?: string | null;
  onChanged?: () => void;
}) {
  const { t } = useTranslation();
  const panel = usePanel(orderId);
  const [adding, setAdding] = useState(false);
  const [openIds, setOpenIds] = useState<Set<string> | null>(null);
  const parcels = panel.data?.shipments ?? [];
  // One parcel: open by default.
  const open = openIds ?? new Set(parcels.length === 1 ? [String(parcels[0].id)] : []);
  const toggle = (id: string) =>
    setOpenIds(() => {
      const next = new Set(open);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const publicUrl = publicTrackingUrl(publicId ? publicPath(publicId) : parcels[0]?.public_url);

  return (
    <SectionCard
      title={t('tracking.panelTitle')}
      actions={
        <>
          <HStack gap="2" wrap="wrap">
            {!adding ? (
              <Button size="xs" variant="outline" onClick={() => setAdding(true)} data-testid="add-tracking-open">
                {t('tracking.add.open')}
              </Button>
            ) : null}
            <TrackingActions shipmentIds={parcels.length > 0 ? parcels.map((p) => p.id) : undefined} onFinished={onChanged} />
          </HStack>
        </>
      }
      gap="2"
      testId="shipment-panel"
      dataProps={{ 'data-count': parcels.length }}
    >
      {publicUrl ? (
        <Text fontSize="sm">
          {t('tracking.publicPage')}:{' '}
          <Link href={publicUrl} target="_blank" rel="noreferrer" color="teal.700" dir="ltr" data-testid="public-tracking-link">
            {publicUrl}
          </Link>
        </Text>
      ) : null}
      {adding ? (
        <AddTrackingForm
          orderId={orderId}
          onCancel={() => setAdding(false)}
          onAdded={() => {
            setAdding(false);
            void panel.mutate();
            onChanged?.();
          }}
        />
      ) : null}
      {panel.isLoading && !panel.data ? <Skeleton h="12" /> : null}
      {panel.error ? <Text color="fg.error">{t('tracking.loadFailed')}</Text> : null}
      {panel.data && parcels.length === 0 ? (
        <Text fontSize="sm" color="fg.muted" data-testid="panel-empty">
          {t('tracking.noParcels')}
        </Text>
      ) : null}
      {parcels.map((p) => (
        <ParcelRow key={p.id} orderId={orderId} parcel={p} open={open.has(String(p.id))} onToggle={() => toggle(String(p.id))} />
      ))}
    </SectionCard>
  );
}
