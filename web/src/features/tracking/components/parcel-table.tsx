import { Badge, Button, HStack, Link, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Pager } from '@/components/pager';
import type { ShipmentStatus } from '@/types/orders';
import type { Shipment } from '@/types/tracking';
import { useShipments } from '../api/tracking';
import { SHIPMENT_STATUSES } from '../lib/status';
import { ShipmentStatusBadge } from './shipment-status-badge';

const orderPath = (s: Shipment) => `/app/orders/detail/${encodeURIComponent(String(s.order_id))}/${encodeURIComponent(s.status)}`;

interface ParcelTableProps {
  /** Keeps only some parcels (by origin); the page then reads up to 100 at a time. */
  keep?: (s: Shipment) => boolean;
  initialStatus?: ShipmentStatus | 'all';
}

/** The workplace's parcels, newest first, by status. */
export function ParcelTable({ keep, initialStatus = 'all' }: ParcelTableProps) {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<ShipmentStatus | 'all'>(initialStatus);
  const [page, setPage] = useState(1);
  const pageSize = keep ? 100 : 20;
  const list = useShipments({ status, page, pageSize });
  const items = (list.data?.items ?? []).filter((s) => !keep || keep(s));
  return (
    <Stack gap="3" data-testid="parcel-table" data-status={status}>
      <HStack gap="2" wrap="wrap" data-testid="parcel-status-filter">
        {(['all', ...SHIPMENT_STATUSES] as const).map((s) => (
          <Button
            key={s}
            size="xs"
            variant={s === status ? 'solid' : 'outline'}
            colorPalette={s === status ? 'teal' : 'gray'}
            aria-pressed={s === status}
            onClick={() => {
              setStatus(s);
              setPage(1);
            }}
            data-testid={`parcel-status-${s}`}
          >
            {t(`orders.status.${s}`)}
          </Button>
        ))}
      </HStack>
      {list.isLoading && !list.data ? <Skeleton h="24" borderRadius="lg" /> : null}
      {list.error ? <Text color="fg.error">{t('tracking.loadFailed')}</Text> : null}
      {list.data ? (
        <Table.ScrollArea borderWidth="1px" borderRadius="lg" bg="bg">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('tracking.fields.order')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('tracking.fields.trackingNumber')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('tracking.fields.carrier')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('tracking.fields.status')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('tracking.fields.lastEvent')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('tracking.fields.origin')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {items.map((s) => (
                <Table.Row
                  key={s.id}
                  data-testid="parcel-row"
                  data-number={s.tracking_number}
                  data-status={s.status}
                  data-origin={s.origin}
                >
                  <Table.Cell>
                    <Link asChild color="teal.700">
                      <RouterLink to={orderPath(s)}>{s.order_name}</RouterLink>
                    </Link>
                  </Table.Cell>
                  <Table.Cell dir="ltr">{s.tracking_number}</Table.Cell>
                  <Table.Cell>{s.carrier || t('tracking.unknownCarrier')}</Table.Cell>
                  <Table.Cell>
                    <ShipmentStatusBadge status={s.status} />
                  </Table.Cell>
                  <Table.Cell>
                    <Stack gap="0" fontSize="xs">
                      <Text lineClamp={2}>{s.last_event?.description ?? '—'}</Text>
                      {s.last_event?.time ? (
                        <Text color="fg.muted">{new Date(s.last_event.time).toLocaleString(i18n.language)}</Text>
                      ) : null}
                    </Stack>
                  </Table.Cell>
                  <Table.Cell>
                    <Badge size="sm" colorPalette="gray">
                      {t(`tracking.origin.${s.origin}`, { defaultValue: s.origin })}
                    </Badge>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          {items.length === 0 ? (
            <Text p="6" textAlign="center" color="fg.muted" data-testid="parcel-empty">
              {t('tracking.noParcels')}
            </Text>
          ) : null}
        </Table.ScrollArea>
      ) : null}
      {list.data && !keep ? (
        <Pager page={page} pageSize={pageSize} total={list.data.total} onChange={setPage} testId="parcel-pager" />
      ) : null}
    </Stack>
  );
}
