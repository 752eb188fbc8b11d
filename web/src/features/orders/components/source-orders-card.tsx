import { Badge, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { sourceName } from '@/lib/sources';
import type { OrderDetail } from '@/types/orders';
import { placementErrorKey, placementWarningKey } from '../lib/format';
import { shownStatus } from '../lib/tabs';
import { EbayCheckoutForm, awaitsEbayCheckout } from './ebay-checkout-form';
import { Money, StatusBadge } from './order-cells';

/** The supplier orders of the order: status, number, costs, error, refund and tracking. */
export function SourceOrdersCard({ order, onChanged }: { order: OrderDetail; onChanged: () => void }) {
  const { t } = useTranslation();
  if (order.source_orders.length === 0) return null;
  return (
    <Stack gap="0" bg="bg" borderWidth="1px" borderRadius="xl" p="4" data-testid="source-orders">
      <Heading as="h2" size="md" pb="2">
        {t('orders.detail.sourceOrders')}
      </Heading>
      {order.source_orders.map((so) => {
        const error = placementErrorKey(so.error_key);
        const warning = placementWarningKey(so.warning);
        return (
          <Stack key={so.id} gap="1" py="3" borderTopWidth="1px" data-testid="source-order" data-id={so.id} data-status={so.status}>
            <HStack justify="space-between" wrap="wrap">
              <HStack gap="2">
                <Badge colorPalette="gray">{sourceName(so.source)}</Badge>
                <Text fontSize="sm">
                  {so.order_no ? t('orders.detail.orderNo', { orderNo: so.order_no }) : t('orders.detail.noOrderNo')}
                </Text>
                <StatusBadge status={shownStatus(so)} />
              </HStack>
              <Text fontSize="sm" fontWeight="semibold">
                <Money value={so.total} currency="USD" />
              </Text>
            </HStack>
            {so.error || so.error_key ? (
              <Text fontSize="sm" color="fg.error" data-testid="source-order-error">
                {error ? t(error) : so.error}
              </Text>
            ) : null}
            {so.warning ? (
              <Text fontSize="sm" color="orange.700">
                {warning ? t(warning) : so.warning}
              </Text>
            ) : null}
            {awaitsEbayCheckout(so) ? <EbayCheckoutForm sourceOrder={so} onCompleted={onChanged} /> : null}
            {so.refund_info ? (
              <HStack gap="2" fontSize="sm" data-testid="source-order-refund">
                <Text>{t('orders.detail.refund')}</Text>
                <StatusBadge status={so.refund_info.status} />
                <Money value={so.refund_info.amount} currency="USD" />
              </HStack>
            ) : null}
            {so.tracking_code ? (
              <Text fontSize="sm" color="fg.muted">
                {t('orders.detail.tracking', { code: so.tracking_code })}
              </Text>
            ) : null}
            {so.cancel_reason ? (
              <Text fontSize="sm" color="fg.muted">
                {t('orders.detail.cancelReason', {
                  reason: t(`orders.cancel.reasons.${so.cancel_reason}`, { defaultValue: so.cancel_reason }),
                })}
              </Text>
            ) : null}
          </Stack>
        );
      })}
    </Stack>
  );
}
