import { HStack, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import type { Shipment } from '@/types/tracking';
import { useRefreshTracking } from '../api/tracking';
import { fromSupplier } from '../lib/status';
import { CsvImport } from './csv-import';
import { ParcelTable } from './parcel-table';
import { TrackingActions } from './tracking-actions';
import { UntrackedOrders } from './untracked-orders';

export const TRACKING_CENTER_VIEWS = ['import-list', 'supplier-available', 'supplier-unavailable'] as const;
export type TrackingCenterView = (typeof TRACKING_CENTER_VIEWS)[number];
export const trackingCenterPath = (view: TrackingCenterView) => `/app/tracking-center/${view}`;

const bySupplier = (s: Shipment) => fromSupplier(s.origin);
const notBySupplier = (s: Shipment) => !fromSupplier(s.origin);

/** The view of the path's last part (import-list by default). */
export function viewOf(pathname: string): TrackingCenterView {
  const last = pathname.replace(/\/+$/, '').split('/').pop();
  return (TRACKING_CENTER_VIEWS as readonly string[]).includes(last ?? '') ? (last as TrackingCenterView) : 'import-list';
}

/** /app/tracking-center/{import-list | supplier-available | supplier-unavailable}. */
export function TrackingCenterPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const refresh = useRefreshTracking();
  const view = viewOf(pathname);
  useDocumentTitle(t('tracking.center.title'));
  return (
    <Stack gap="4" maxW="8xl" data-testid="tracking-center-page" data-view={view}>
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Stack gap="0.5">
          <Heading as="h1" size="2xl" data-testid="page-title">
            {t('tracking.center.title')}
          </Heading>
          <Text color="fg.muted">{t(`tracking.center.hint.${view}`)}</Text>
        </Stack>
        <TrackingActions />
      </HStack>
      <Tabs.Root
        value={view}
        onValueChange={(e) => navigate(trackingCenterPath(e.value as TrackingCenterView))}
        variant="line"
        colorPalette="teal"
      >
        <Tabs.List data-testid="tracking-center-tabs">
          {TRACKING_CENTER_VIEWS.map((v) => (
            <Tabs.Trigger key={v} value={v} data-testid={`tracking-center-tab-${v}`}>
              {t(`tracking.center.tabs.${v}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
      </Tabs.Root>
      {view === 'import-list' ? (
        <>
          <CsvImport onImported={() => void refresh()} />
          <ParcelTable key="all" />
        </>
      ) : null}
      {view === 'supplier-available' ? <ParcelTable key="supplier" keep={bySupplier} /> : null}
      {view === 'supplier-unavailable' ? (
        <>
          <UntrackedOrders />
          <ParcelTable key="other" keep={notBySupplier} />
        </>
      ) : null}
    </Stack>
  );
}
