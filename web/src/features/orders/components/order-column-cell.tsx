import { Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '@/types/orders';
import type { ColumnKey } from '../lib/columns';
import type { DisplayRates } from '@/lib/display-money';
import { orderMoney } from '../lib/display-money';
import { type RowAction, shippingTimes } from '../lib/order-math';
import { ItemsCell, Money, OrderIdCell, OrderInfoCell, ShippingTime, StatusBadge } from './order-cells';
import { RowActions } from './row-actions';

export interface CellProps {
  column: ColumnKey;
  order: Order;
  busy: boolean;
  onAction: (action: RowAction, order: Order) => void;
  /** The parcels of an order (shipment tab). */
  renderParcels?: (order: Order) => ReactNode;
  /** The workspace's currency and the page's rates into it. */
  display?: DisplayRates;
}

/** What one column of the order list shows for an order (a table cell, or a line of a phone card). */
export function OrderColumnCell({ column, order, busy, onAction, renderParcels, display }: CellProps) {
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
