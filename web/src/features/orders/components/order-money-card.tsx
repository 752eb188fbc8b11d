import { HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Order } from '@/types/orders';
import type { DisplayRates } from '@/lib/display-money';
import { orderMoney } from '../lib/display-money';
import { Money } from './order-cells';

/**
 * The order's money in the workspace's currency, as on the list: the customer's price, the
 * supplier's product and shipping costs, and the profit (none while a rate is missing).
 */
export function OrderMoneyCard({ order, display }: { order: Order; display: DisplayRates | undefined }) {
  const { t } = useTranslation();
  const money = orderMoney(order, display);
  const rows = [
    ['selling_price', money.price],
    ['product_cost', money.productCost],
    ['shipping_cost', money.shippingCost],
  ] as const;
  return (
    <Stack gap="2" bg="bg" borderWidth="1px" borderRadius="xl" p="4" data-testid="order-money">
      {rows.map(([key, shown]) => (
        <HStack key={key} justify="space-between" fontSize="sm" data-testid={`order-money-${key}`}>
          <Text color="fg.muted">{t(`orders.columns.${key}`)}</Text>
          <Money value={shown.value} currency={shown.currency} />
        </HStack>
      ))}
      {money.profit ? (
        <HStack
          justify="space-between"
          fontWeight="semibold"
          borderTopWidth="1px"
          pt="2"
          color={money.profit.value !== null && money.profit.value < 0 ? 'fg.error' : undefined}
          data-testid="order-money-profit"
        >
          <Text>{t('orders.profit')}</Text>
          <Money value={money.profit.value} currency={money.profit.currency} />
        </HStack>
      ) : null}
    </Stack>
  );
}
