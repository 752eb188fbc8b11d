import { Button, Grid, HStack, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import type { LineItem, Order, OrderDetail } from '@/types/orders';
import { LoadError } from '@/components/ui/list-page';
import { BackLink } from '@/components/ui/back-link';
import { useOrderDetail, useOrderLogs } from '../api/orders';
import { useOrderActions } from '../api/use-order-actions';
import { AddressCard } from './address-card';
import { OrderActionDialogs } from './order-action-dialogs';
import { ChangeSupplierDialog, ManualFulfilDialog, unplacedSources } from './fulfil-dialogs';
import { LineItemsCard } from './line-items-card';
import { Money, StatusBadge } from './order-cells';
import { OrderLogsCard } from './order-logs-card';
import { RowActions } from './row-actions';
import { OrderMoneyCard } from './order-money-card';
import { SourceOrdersCard } from './source-orders-card';

const MANUAL_STATUSES: readonly string[] = ['ready', 'waiting_payment', 'failed'];

export interface OrderDetailPageProps {
  balance?: number | null;
  /** The order's shipment panel (the tracking feature's), under the supplier orders. */
  renderShipments?: (order: OrderDetail, onChanged: () => void) => ReactNode;
}

/** /app/orders/detail/:orderId/:orderStatus: address, lines, supplier orders, shipments and the log. */
export function OrderDetailPage({ balance, renderShipments }: OrderDetailPageProps) {
  const { t } = useTranslation();
  const { orderId } = useParams();
  const detail = useOrderDetail(orderId);
  const logs = useOrderLogs(orderId);
  const actions = useOrderActions(() => void logs.mutate());
  const order = detail.data;
  useDocumentTitle(t('pages.orderDetail'));
  const busy = order ? actions.busy.has(order.id) : false;
  const [manual, setManual] = useState(false);
  const [supplierLine, setSupplierLine] = useState<LineItem | null>(null);
  const saved = (o: OrderDetail) => {
    setManual(false);
    setSupplierLine(null);
    void detail.mutate(o, { revalidate: false });
    void logs.mutate();
  };
  const refresh = () => {
    void detail.mutate();
    void logs.mutate();
  };

  return (
    <Stack gap="4" maxW="6xl" data-testid="order-detail-page" data-status={order?.status ?? ''}>
      <BackLink to="/app/orders" label={t('orders.backToOrders')} color="teal.700" />
      {detail.error ? (
        <LoadError
          testId="order-detail-error"
          message={detail.error.message || t('orders.loadFailed')}
          onRetry={() => void detail.mutate()}
        />
      ) : null}
      {!order && !detail.error ? <Skeleton h="40" borderRadius="xl" /> : null}
      {order ? (
        <>
          <HStack justify="space-between" wrap="wrap" gap="3">
            <Stack gap="1">
              <HStack gap="2">
                <Heading as="h1" size="2xl" data-testid="page-title">
                  {t('orders.detail.title', { name: order.name })}
                </Heading>
                <StatusBadge status={order.status} />
              </HStack>
              <Text color="fg.muted" fontSize="sm">
                {[order.store_name, new Date(order.ordered_at).toLocaleString()].filter(Boolean).join(' · ')} ·{' '}
                <Money value={order.total} currency={order.currency} />
              </Text>
            </Stack>
            <HStack gap="2">
              {MANUAL_STATUSES.includes(order.status) && unplacedSources(order).length > 0 ? (
                <Button size="xs" variant="outline" onClick={() => setManual(true)} data-testid="order-manual-fulfil">
                  {t('orders.manual.open')}
                </Button>
              ) : null}
              <RowActions order={order} busy={busy} onAction={(a, o: Order) => actions.run(a, [o])} />
            </HStack>
          </HStack>
          <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="4" alignItems="start">
            <Stack gap="4">
              <LineItemsCard order={order} onSaved={saved} onChangeSupplier={setSupplierLine} />
              <SourceOrdersCard order={order} onChanged={refresh} />
              {renderShipments?.(order, refresh)}
            </Stack>
            <Stack gap="4">
              <OrderMoneyCard order={order} display={order.display} />
              <AddressCard order={order} onSaved={(o) => void detail.mutate(o, { revalidate: false })} />
              <OrderLogsCard logs={logs.data?.items ?? order.logs ?? []} />
            </Stack>
          </Grid>
          <ManualFulfilDialog key={manual ? 'm-open' : 'm'} order={order} open={manual} onClose={() => setManual(false)} onSaved={saved} />
          <ChangeSupplierDialog
            key={supplierLine?.id ?? 's'}
            order={order}
            line={supplierLine}
            onClose={() => setSupplierLine(null)}
            onSaved={saved}
          />
        </>
      ) : null}
      <OrderActionDialogs actions={actions} balance={balance} />
    </Stack>
  );
}
