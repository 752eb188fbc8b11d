import { Alert, Button, HStack, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Pager } from '@/components/pager';
import { useDocumentTitle } from '@/components/use-document-title';
import { LIST_REFRESH_MS } from '@/lib/env';
import type { Order, OrderTab } from '@/types/orders';
import { PageHeader, LoadError } from '@/components/ui/list-page';
import { useOrderColumns, useOrderCounts, useOrderList } from '../api/orders';
import { useOrderActions } from '../api/use-order-actions';
import { visibleColumns } from '../lib/columns';
import { ORDER_PAGE_SIZE, type OrderFilters as Filters, allDates, readFilters, writeFilters } from '../lib/filters';
import { type RowAction, rowActions } from '../lib/order-math';
import { ORDER_TABS, countOf, subStatusOf, tabTotal } from '../lib/tabs';
import { OrderActionDialogs } from './order-action-dialogs';
import { ColumnSettings } from './column-settings';
import { OrderFilters } from './order-filters';
import { OrderTable } from './order-table';
import { OrderTabs } from './order-tabs';
import { PayAllButton } from './pay-all-button';

export interface OrderCenterPageProps {
  /** The workplace's stores, for the channel filter. */
  stores?: { id: string; name: string }[];
  /** Called once the New orders tab shows the owner a ready order (the order checklist's step). */
  onReadyShown?: () => void;
  /** The wallet's total balance (USD), shown when paying. */
  balance?: number | null;
  walletPath?: string;
  automationPath?: string;
  /** Orders changed (the navigation badge and the wallet follow). */
  onChanged?: () => void;
  /** The shipment tab's parcels of an order and its actions (the tracking feature's). */
  renderParcels?: (order: Order) => ReactNode;
  shipmentActions?: ReactNode;
}

/** The empty list of a new account: which orders come here, how, and what the owner does with them. */
function NoOrderYet() {
  const { t } = useTranslation();
  return (
    <Stack gap="2" p="6" textAlign="center" align="center" color="fg.muted" data-testid="order-empty-new">
      <Text fontWeight="semibold" color="fg">
        {t('orders.emptyNew.title')}
      </Text>
      <Text maxW="xl">{t('orders.emptyNew.how', { seconds: LIST_REFRESH_MS / 1000 })}</Text>
      <Text maxW="xl">{t('orders.emptyNew.next')}</Text>
    </Stack>
  );
}

const BULK: readonly RowAction[] = ['place', 'pay', 'mark', 'unmark', 'archive', 'cancel'];

/** /app/orders: the order center's tabs, filters and list, with the row and bulk actions. */
export function OrderCenterPage({
  stores = [],
  balance,
  walletPath,
  automationPath,
  onChanged,
  renderParcels,
  shipmentActions,
  onReadyShown,
}: OrderCenterPageProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const list = useOrderList(filters);
  const counts = useOrderCounts(filters);
  const columns = useOrderColumns();
  const actions = useOrderActions(onChanged);
  const [selected, setSelected] = useState<Set<Order['id']>>(new Set());
  useDocumentTitle(t('pages.orders'));

  const go = (next: Partial<Filters>) => {
    setSelected(new Set());
    setParams(writeFilters({ ...filters, page: 1, after: '', ...next }));
  };
  const onTab = (tab: OrderTab, status?: string) => go({ tab, status: subStatusOf(tab, status) });
  // No order in any tab and no filter but the default ones: a new account, told what comes here.
  const noOrderYet =
    writeFilters({ ...filters, tab: 'placement', status: subStatusOf('placement', null) }).toString() === '' &&
    counts.data !== undefined &&
    ORDER_TABS.every((tab) => tabTotal(counts.data, tab) === 0);
  const readyShown = filters.tab === 'placement' && (list.data?.items.length ?? 0) > 0;
  useEffect(() => {
    if (readyShown) onReadyShown?.();
  }, [readyShown, onReadyShown]);
  // The counts cover every date, the list only the range: orders of this tab the range hides.
  const hidden =
    list.data && counts.data && filters.orders.length === 0 ? countOf(counts.data, filters.tab, filters.status) - list.data.total : 0;
  const wanted = new Set(filters.orders);
  const items = (list.data?.items ?? []).filter((o) => wanted.size === 0 || wanted.has(String(o.id)));
  const chosen = items.filter((o) => selected.has(o.id));
  const bulk = BULK.filter((a) => chosen.length > 0 && chosen.every((o) => rowActions(o).includes(a)));
  const select = (ids: Order['id'][], on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  return (
    <Stack gap="4" maxW="8xl" data-testid="order-center-page" data-tab={filters.tab} data-status={filters.status}>
      <PageHeader title={t('pages.orders')} subtitle={t('orders.subtitle')}>
        {automationPath ? (
          <Link asChild fontSize="sm" color="teal.700">
            <RouterLink to={automationPath} data-testid="order-automation-link">
              {t('automation.title')}
            </RouterLink>
          </Link>
        ) : null}
        {walletPath ? (
          <Button asChild size="sm" variant="outline" colorPalette="teal">
            <RouterLink to={walletPath} data-testid="order-wallet-link">
              {t('wallet.title')}
            </RouterLink>
          </Button>
        ) : null}
        <ColumnSettings columns={columns.data?.columns} onSaved={(c) => void columns.mutate({ columns: c }, { revalidate: false })} />
      </PageHeader>
      <OrderTabs tab={filters.tab} status={filters.status} counts={counts.data} onChange={onTab} />
      <HStack justify="space-between" align="end" gap="3" wrap="wrap">
        <OrderFilters filters={filters} stores={stores} onChange={go} />
        {filters.tab === 'payment' ? <PayAllButton count={countOf(counts.data, 'payment', 'waiting_payment')} onPaid={onChanged} /> : null}
        {filters.tab === 'shipment' ? shipmentActions : null}
      </HStack>
      {filters.orders.length > 0 ? (
        <Alert.Root status="info" data-testid="order-ids-filter">
          <Alert.Indicator />
          <Alert.Title>{t('orders.showingSelected', { count: filters.orders.length })}</Alert.Title>
          <Button size="xs" variant="outline" ms="auto" onClick={() => go({ orders: [] })}>
            {t('orders.showAll')}
          </Button>
        </Alert.Root>
      ) : null}
      {hidden > 0 ? (
        <Alert.Root status="warning" data-testid="order-outside-dates" data-count={hidden}>
          <Alert.Indicator />
          <Alert.Title>{t('orders.outsideDates', { count: hidden })}</Alert.Title>
          <Button size="xs" variant="outline" ms="auto" onClick={() => go(allDates())} data-testid="order-all-dates">
            {t('orders.showAllDates')}
          </Button>
        </Alert.Root>
      ) : null}
      {chosen.length > 0 ? (
        <HStack gap="2" wrap="wrap" data-testid="order-bulk-bar">
          <Text fontSize="sm">{t('orders.selected', { count: chosen.length })}</Text>
          {bulk.map((a) => (
            <Button
              key={a}
              size="xs"
              variant={a === 'place' || a === 'pay' ? 'solid' : 'outline'}
              colorPalette={a === 'cancel' ? 'red' : 'teal'}
              onClick={() => actions.run(a, chosen)}
              data-testid={`order-bulk-${a}`}
            >
              {t(`orders.actions.${a}`)}
            </Button>
          ))}
        </HStack>
      ) : null}
      {list.error ? (
        <LoadError testId="order-list-error" message={list.error.message || t('orders.loadFailed')} onRetry={() => void list.mutate()} />
      ) : null}
      {list.isLoading && !list.data ? (
        <Stack gap="2">
          {[1, 2, 3].map((i) => (
            <Skeleton key={i} h="16" borderRadius="lg" />
          ))}
        </Stack>
      ) : list.data ? (
        <OrderTable
          tab={filters.tab}
          orders={items}
          columns={visibleColumns(filters.tab, columns.data?.columns)}
          selected={selected}
          busy={actions.busy}
          onSelect={select}
          onAction={(a: RowAction, o: Order) => actions.run(a, [o])}
          renderParcels={renderParcels}
          empty={noOrderYet ? <NoOrderYet /> : undefined}
          display={list.data.display}
        />
      ) : null}
      {list.data ? (
        <Pager
          page={filters.page}
          pageSize={ORDER_PAGE_SIZE}
          total={list.data.total}
          onChange={(page) =>
            // The next page starts after this one's last order; any other page is counted to.
            go({ page, after: page === filters.page + 1 ? (list.data?.next_after ?? '') : '' })
          }
          testId="order-pager"
        />
      ) : null}
      <OrderActionDialogs actions={actions} balance={balance} />
    </Stack>
  );
}
