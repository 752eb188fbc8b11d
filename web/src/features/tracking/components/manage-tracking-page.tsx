import { Badge, Code, HStack, Heading, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { SectionCard } from '@/components/ui/section-card';
import { useParcelCounts } from '../api/tracking';
import { SHIPMENT_STATUSES } from '../lib/status';
import { ShipmentStatusBadge } from './shipment-status-badge';
import { TrackingActions } from './tracking-actions';
import { trackingCenterPath } from './tracking-center-page';

/** /app/manage/tracking: the public tracking page's link pattern and the parcels per status. */
export function ManageTrackingPage() {
  const { t } = useTranslation();
  const counts = useParcelCounts();
  useDocumentTitle(t('pages.manageTracking'));
  const origin = typeof window !== 'undefined' ? window.location.origin : '';
  const total = counts.data ? SHIPMENT_STATUSES.reduce((s, k) => s + (counts.data?.[k] ?? 0), 0) : null;
  return (
    <Stack gap="4" maxW="4xl" data-testid="manage-tracking-page">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="2xl" data-testid="page-title">
          {t('pages.manageTracking')}
        </Heading>
        <TrackingActions onFinished={() => void counts.mutate()} />
      </HStack>
      <SectionCard title={t('tracking.manage.publicTitle')} gap="2">
        <Text fontSize="sm" color="fg.muted">
          {t('tracking.manage.publicHint')}
        </Text>
        <Code dir="ltr" alignSelf="start" data-testid="public-link-pattern">{`${origin}/tracking/{${t('tracking.manage.publicId')}}`}</Code>
      </SectionCard>
      <SectionCard
        title={t('tracking.manage.byStatus')}
        actions={total !== null ? <Badge data-testid="parcel-count-total">{t('tracking.manage.total', { count: total })}</Badge> : null}
        gap="2"
        testId="parcel-counts"
      >
        {counts.isLoading && !counts.data ? <Skeleton h="24" /> : null}
        {counts.error ? <Text color="fg.error">{t('tracking.loadFailed')}</Text> : null}
        {counts.data
          ? SHIPMENT_STATUSES.map((s) => (
              <HStack
                key={s}
                justify="space-between"
                py="1.5"
                borderTopWidth="1px"
                data-testid="parcel-count"
                data-status={s}
                data-count={counts.data?.[s] ?? 0}
              >
                <ShipmentStatusBadge status={s} />
                <Text fontWeight="semibold">{counts.data?.[s] ?? 0}</Text>
              </HStack>
            ))
          : null}
        <Link asChild color="teal.700" fontSize="sm" alignSelf="start">
          <RouterLink to={trackingCenterPath('import-list')} data-testid="tracking-center-link">
            {t('tracking.manage.openCenter')}
          </RouterLink>
        </Link>
      </SectionCard>
    </Stack>
  );
}
