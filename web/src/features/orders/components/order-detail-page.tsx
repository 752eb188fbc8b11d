import { Alert, Button, Grid, HStack, Heading, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ChevronLeftIcon } from '@/components/icons';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useDocumentTitle } from '@/components/use-document-title';
import type { Order } from '@/types/orders';
import { useOrderDetail, useOrderLogs } from '../api/orders';
import { useOrderActions } from '../api/use-order-actions';
import { AddressCard } from './address-card';
import { CancelDialog } from './cancel-dialog';
import { LineItemsCard } from './line-items-card';
import { Money, StatusBadge } from './order-cells';
import { OrderLogsCard } from './order-logs-card';
import { PayDialog } from './pay-dialog';
import { RowActions } from './row-actions';
import { SourceOrdersCard } from './source-orders-card';

/** /app/orders/detail/:orderId/:orderStatus: address, lines, supplier orders and the log. */
export function OrderDetailPage({ balance }: { balance?: number | null }) {
  const { t } = useTranslation();
  const { orderId } = useParams();
  const detail = useOrderDetail(orderId);
  const logs = useOrderLogs(orderId);
  const actions = useOrderActions(() => void logs.mutate());
  const order = detail.data;
  useDocumentTitle(t('pages.orderDetail'));
  const dialog = actions.dialog;
  const busy = order ? actions.busy.has(order.id) : false;

  return (
    <Stack gap="4" maxW="6xl" data-testid="order-detail-page" data-status={order?.status ?? ''}>
      <Link asChild fontSize="sm" color="teal.700" alignSelf="start">
        <RouterLink to="/app/orders">
          <ChevronLeftIcon css={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }} />
          {t('orders.backToOrders')}
        </RouterLink>
      </Link>
      {detail.error ? (
        <Alert.Root status="error" data-testid="order-detail-error">
          <Alert.Indicator />
          <Alert.Title>{detail.error.message || t('orders.loadFailed')}</Alert.Title>
          <Button size="sm" variant="outline" ms="auto" onClick={() => void detail.mutate()}>
            {t('common.retry')}
          </Button>
        </Alert.Root>
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
                {[order.store_name, new Date(order.ordered_at).toLocaleString()].filter(Boolean).join(' · ')} · <Money value={order.total} currency={order.currency} />
              </Text>
            </Stack>
            <RowActions order={order} busy={busy} onAction={(a, o: Order) => actions.run(a, [o])} />
          </HStack>
          <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="4" alignItems="start">
            <Stack gap="4">
              <LineItemsCard order={order} onSaved={(o) => void detail.mutate(o, { revalidate: false })} />
              <SourceOrdersCard order={order} />
            </Stack>
            <Stack gap="4">
              <AddressCard order={order} onSaved={(o) => void detail.mutate(o, { revalidate: false })} />
              <OrderLogsCard logs={logs.data?.items ?? order.logs ?? []} />
            </Stack>
          </Grid>
        </>
      ) : null}
      <CancelDialog key={dialog?.kind === 'cancel' ? 'c-open' : 'c'} open={dialog?.kind === 'cancel'} count={1} loading={busy} onConfirm={(r) => void actions.cancel(r)} onClose={actions.close} />
      <PayDialog key={dialog?.kind === 'pay' ? 'p-open' : 'p'} open={dialog?.kind === 'pay'} count={1} total={actions.payTotal} balance={balance} loading={busy} onConfirm={(m) => void actions.pay(m)} onClose={actions.close} />
      <ConfirmDialog open={dialog?.kind === 'refund'} title={t('orders.refund.title')} body={t('orders.refund.body')} confirmLabel={t('orders.refund.confirm')} loading={busy} onConfirm={() => void actions.refund()} onClose={actions.close} testId="refund-dialog" />
    </Stack>
  );
}
