import { Checkbox, Stack, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order, OrderTab } from '@/types/orders';
import type { ColumnKey } from '../lib/columns';
import { type DisplayRates, orderMoney } from '../lib/display-money';
import { type RowAction, shippingTimes } from '../lib/order-math';
import { ItemsCell, Money, OrderIdCell, OrderInfoCell, ShippingTime, StatusBadge } from './order-cells';
import { RowActions } from './row-actions';

interface OrderTableProps {
  tab: OrderTab;
  orders: Order[];
  columns: ColumnKey[];
  selected: ReadonlySet<Order['id']>;
  busy: ReadonlySet<Order['id']>;
  onSelect: (ids: Order['id'][], on: boolean) => void;
  onAction: (action: RowAction, order: Order) => void;
  /** The parcels of an order (shipment tab). */
  renderParcels?: (order: Order) => ReactNode;
  /** Shown instead of "No orders match these filters." when there is no order. */
  empty?: ReactNode;
  /** The workspace's currency and the page's rates into it: price, costs and profit in one currency. */
  display?: DisplayRates;
}

function Cell({
  column,
  order,
  busy,
  onAction,
  renderParcels,
  display,
}: { column: ColumnKey; order: Order; busy: boolean } & Pick<OrderTableProps, 'onAction' | 'renderParcels' | 'display'>) {
  const { t } = useTranslation();
  const money = orderMoney(order, display);
  switch (column) {
    case 'order_id':
      return <OrderIdCell order={order} />;
    case 'order_info':
      return <OrderInfoCell order={order} />;
    case 'items':
      return <ItemsCell order={order} />;
    case 'selling_price':
      return (
        <Stack gap="0">
          <span data-testid="order-price">
            <Money value={money.price.value} currency={money.price.currency} />
          </span>
          {money.profit ? (
            <Text
              fontSize="xs"
              color={money.profit.value !== null && money.profit.value < 0 ? 'fg.error' : 'fg.muted'}
              data-testid="order-profit"
            >
              {t('orders.profit')} <Money value={money.profit.value} currency={money.profit.currency} />
            </Text>
          ) : null}
        </Stack>
      );
    case 'product_cost':
      return <Money value={money.productCost.value} currency={money.productCost.currency} />;
    case 'shipping_cost':
      return <Money value={money.shippingCost.value} currency={money.shippingCost.currency} />;
    case 'shipping_time': {
      const times = shippingTimes(order);
      return (
        <Stack gap="0" data-testid="order-shipping-time">
          {times.length === 0 ? <ShippingTime value={null} /> : times.map((time) => <ShippingTime key={time} value={time} />)}
        </Stack>
      );
    }
    case 'status':
      return (
        <Stack gap="1" align="start">
          <StatusBadge status={order.status} />
          {order.refund_status ? <StatusBadge status={order.refund_status} /> : null}
        </Stack>
      );
    case 'tracking':
      return renderParcels?.(order) ?? null;
    case 'action':
      return <RowActions order={order} busy={busy} onAction={onAction} />;
    default:
      return null;
  }
}

/** The order list of a tab with the chosen columns. */
export function OrderTable({ tab, orders, columns, selected, busy, onSelect, onAction, renderParcels, empty, display }: OrderTableProps) {
  const { t } = useTranslation();
  const all = orders.length > 0 && orders.every((o) => selected.has(o.id));
  const some = orders.some((o) => selected.has(o.id));
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="lg" bg="bg">
      <Table.Root size="sm" data-testid="order-table" data-tab={tab}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader w="8">
              <Checkbox.Root
                size="sm"
                checked={all ? true : some ? 'indeterminate' : false}
                onCheckedChange={(e) =>
                  onSelect(
                    orders.map((o) => o.id),
                    e.checked === true,
                  )
                }
                aria-label={t('orders.selectAll')}
                data-testid="order-select-all"
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
              </Checkbox.Root>
            </Table.ColumnHeader>
            {columns.map((c) => (
              <Table.ColumnHeader key={c} data-testid={`order-col-${c}`} textAlign={c === 'action' ? 'end' : undefined}>
                {t(`orders.columns.${c}`)}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {orders.map((order) => (
            <Table.Row
              key={order.id}
              data-testid="order-row"
              data-id={order.id}
              data-name={order.name}
              data-status={order.status}
              data-marked={order.marked}
            >
              <Table.Cell>
                <Checkbox.Root
                  size="sm"
                  checked={selected.has(order.id)}
                  onCheckedChange={(e) => onSelect([order.id], e.checked === true)}
                  aria-label={order.name}
                  data-testid="order-row-select"
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                </Checkbox.Root>
              </Table.Cell>
              {columns.map((c) => (
                <Table.Cell key={c} verticalAlign="top" data-col={c}>
                  <Cell
                    column={c}
                    order={order}
                    busy={busy.has(order.id)}
                    onAction={onAction}
                    renderParcels={renderParcels}
                    display={display}
                  />
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {orders.length === 0 && empty ? empty : null}
      {orders.length === 0 && !empty ? (
        <Text p="6" textAlign="center" color="fg.muted" data-testid="order-empty">
          {t('orders.empty')}
        </Text>
      ) : null}
    </Table.ScrollArea>
  );
}
