import { Box, Container, HStack, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import type { PublicParcel } from '@/types/tracking';
import { ErrorAlert } from '@/components/ui/error-alert';
import { usePublicTracking } from '../api/tracking';
import { EventTimeline } from './event-timeline';
import { ShipmentStatusBadge } from './shipment-status-badge';

function ParcelCard({ parcel, index }: { parcel: PublicParcel; index: number }) {
  const { t } = useTranslation();
  // Only the carrier, the number and the events' time, description and country are shown.
  const events = (parcel.events ?? []).map((e) => ({ time: e.time, description: e.description, place: e.country }));
  return (
    <Stack
      gap="3"
      bg="bg"
      borderWidth="1px"
      borderRadius="xl"
      p="4"
      data-testid="public-parcel"
      data-number={parcel.tracking_number}
      data-status={parcel.status}
    >
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Stack gap="0">
          <Text fontWeight="semibold">{t('tracking.public.parcel', { index: index + 1 })}</Text>
          <Text fontSize="sm" color="fg.muted">
            {parcel.carrier || t('tracking.unknownCarrier')} ·{' '}
            <span dir="ltr" data-testid="public-parcel-number">
              {parcel.tracking_number}
            </span>
          </Text>
        </Stack>
        <ShipmentStatusBadge status={parcel.status} />
      </HStack>
      <EventTimeline events={events} />
    </Stack>
  );
}

/** /tracking/:orderId, without sign-in: the order's name, store, status and parcels; nothing else. */
export function PublicTrackingPage() {
  const { t } = useTranslation();
  const { orderId } = useParams();
  const { data, error, isLoading } = usePublicTracking(orderId);
  useDocumentTitle(t('pages.publicTracking'));
  return (
    <Box minH="100vh" bg="bg.subtle" py={{ base: '6', md: '12' }}>
      <Container maxW="2xl">
        <Stack gap="4" data-testid="public-tracking-page" data-status={data?.status ?? ''}>
          <Heading as="h1" size="2xl" data-testid="page-title">
            {t('pages.publicTracking')}
          </Heading>
          {error ? <ErrorAlert message={t('tracking.public.notFound')} testId="public-tracking-error" /> : null}
          {isLoading && !data ? <Skeleton h="40" borderRadius="xl" /> : null}
          {data ? (
            <>
              <HStack justify="space-between" wrap="wrap" gap="2" bg="bg" borderWidth="1px" borderRadius="xl" p="4">
                <Stack gap="0">
                  <Text fontSize="lg" fontWeight="semibold" data-testid="public-order-name">
                    {t('tracking.public.order', { name: data.order_name })}
                  </Text>
                  {data.store_name ? (
                    <Text color="fg.muted" fontSize="sm" data-testid="public-store-name">
                      {data.store_name}
                    </Text>
                  ) : null}
                </Stack>
                <ShipmentStatusBadge status={data.status} size="md" />
              </HStack>
              {(data.parcels ?? []).length === 0 ? (
                <Text color="fg.muted" data-testid="public-no-parcels">
                  {t('tracking.public.noParcels')}
                </Text>
              ) : (
                data.parcels.map((p, i) => <ParcelCard key={`${p.tracking_number}-${i}`} parcel={p} index={i} />)
              )}
            </>
          ) : null}
        </Stack>
      </Container>
    </Box>
  );
}
