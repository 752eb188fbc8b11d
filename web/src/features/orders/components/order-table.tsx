import { Checkbox, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '@/lib/use-media-query';
import type { Order, OrderTab } from '@/types/orders';
import type { ColumnKey } from '../lib/columns';
import type { DisplayRates } from '@/lib/display-money';
import type { RowAction } from '../lib/order-math';
import { OrderCards } from './order-cards';
import { OrderRowSelect } from './order-cells';
import { OrderColumnCell } from './order-column-cell';

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

/** The order list of a tab with the chosen columns. */
export function OrderTable({ tab, orders, columns, selected, busy, onSelect, onAction, renderParcels, empty, display }: OrderTableProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const all = orders.length > 0 && orders.every((o) => selected.has(o.id));
  const none =
    orders.length === 0
      ? (empty ?? (
          <Text p="6" textAlign="center" color="fg.muted" data-testid="order-empty">
            {t('orders.empty')}
          </Text>
        ))
      : null;
  if (isMobile) {
    return (
      <>
        <OrderCards
          orders={orders}
          columns={columns}
          selected={selected}
          busy={busy}
          onSelect={onSelect}
          onAction={onAction}
          renderParcels={renderParcels}
          display={display}
        />
        {none}
      </>
    );
  }
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
                <OrderRowSelect order={order} selected={selected.has(order.id)} onSelect={onSelect} />
              </Table.Cell>
              {columns.map((c) => (
                <Table.Cell key={c} verticalAlign="top" data-col={c}>
                  <OrderColumnCell
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
      {none}
    </Table.ScrollArea>
  );
}
