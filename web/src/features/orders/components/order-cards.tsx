import { HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Order } from '@/types/orders';
import type { ColumnKey } from '../lib/columns';
import { OrderRowSelect } from './order-cells';
import { type CellProps, OrderColumnCell } from './order-column-cell';

type CardsProps = Omit<CellProps, 'column' | 'order' | 'busy'> & {
  orders: Order[];
  columns: ColumnKey[];
  selected: ReadonlySet<Order['id']>;
  busy: ReadonlySet<Order['id']>;
  onSelect: (ids: Order['id'][], on: boolean) => void;
};

/** Columns a card shows in its head or foot rather than as a labelled line. */
const PLACED = new Set<ColumnKey>(['order_id', 'status', 'action']);

/**
 * The order list on a phone: one card per order, every chosen column a labelled line and the
 * row's actions across the card's foot, so nothing scrolls sideways and Place order is in view.
 */
export function OrderCards({ orders, columns, selected, busy, onSelect, ...cell }: CardsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="3" data-testid="order-cards">
      {orders.map((order) => {
        const props = { order, busy: busy.has(order.id), ...cell };
        return (
          <Stack
            key={order.id}
            gap="2"
            p="3"
            bg="bg"
            borderWidth="1px"
            borderRadius="lg"
            data-testid="order-row"
            data-id={order.id}
            data-name={order.name}
            data-status={order.status}
            data-marked={order.marked}
          >
            <HStack justify="space-between" align="start" gap="2">
              <HStack gap="2" align="start" minW="0">
                <OrderRowSelect order={order} selected={selected.has(order.id)} onSelect={onSelect} />
                <OrderColumnCell column="order_id" {...props} />
              </HStack>
              <OrderColumnCell column="status" {...props} />
            </HStack>
            {columns
              .filter((c) => !PLACED.has(c))
              .map((c) => (
                <HStack key={c} justify="space-between" align="start" gap="3" fontSize="sm" data-col={c}>
                  <Text color="fg.muted" flexShrink={0}>
                    {t(`orders.columns.${c}`)}
                  </Text>
                  <Stack textAlign="end" align="end" minW="0">
                    <OrderColumnCell column={c} {...props} />
                  </Stack>
                </HStack>
              ))}
            {columns.includes('action') ? (
              <Stack borderTopWidth="1px" pt="2" align="stretch" data-col="action">
                <OrderColumnCell column="action" {...props} />
              </Stack>
            ) : null}
          </Stack>
        );
      })}
    </Stack>
  );
}
