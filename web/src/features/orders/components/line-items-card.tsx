import { Badge, HStack, Heading, Image, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { sourceName } from '@/lib/sources';
import type { LineItem, OrderDetail } from '@/types/orders';
import { Money, StatusBadge } from './order-cells';
import { shownStatus } from '../lib/tabs';
import { ShippingOption } from './shipping-option';
import { LineAction } from './line-action';
import { LineVariant } from './line-variant';

/** A line can move to another supplier until its supplier order is placed. */
const canChangeSupplier = (line: LineItem) =>
  !line.disabled && (!line.source_order || line.source_order.status === 'failed' || line.source_order.status === 'cancelled');

/** The order's lines with their supplier, cost and shipping option. */
export function LineItemsCard({
  order,
  onSaved,
  onChangeSupplier,
}: {
  order: OrderDetail;
  onSaved: (o: OrderDetail) => void;
  onChangeSupplier?: (line: LineItem) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="0" bg="bg" borderWidth="1px" borderRadius="xl" p="4" data-testid="order-lines">
      <Heading as="h2" size="md" pb="2">
        {t('orders.detail.items')}
      </Heading>
      {order.line_items.map((line) => (
        <HStack
          key={line.id}
          gap="3"
          py="3"
          borderTopWidth="1px"
          align="start"
          data-testid="order-line"
          data-id={line.id}
          opacity={line.disabled ? 0.6 : 1}
        >
          {line.image ? <Image src={line.image} alt="" boxSize="12" borderRadius="md" objectFit="cover" /> : null}
          <Stack gap="0.5" flex="1" minW="0">
            <Text fontWeight="medium">{line.title}</Text>
            <LineVariant line={line} />
            <Text fontSize="sm" color="fg.muted">
              × {line.quantity}
            </Text>
            <HStack gap="2" wrap="wrap">
              {line.source ? <Badge colorPalette="gray">{sourceName(line.source)}</Badge> : null}
              {line.unmapped_product ? <Badge colorPalette="red">{t('orders.unmapped')}</Badge> : null}
              {line.need_change_supplier ? <Badge colorPalette="orange">{t('orders.detail.needChangeSupplier')}</Badge> : null}
              {line.source_order ? <StatusBadge status={shownStatus(line.source_order)} /> : null}
            </HStack>
            {onChangeSupplier && canChangeSupplier(line) ? (
              <LineAction onClick={() => onChangeSupplier(line)} testId="line-change-supplier">
                {t('orders.detail.changeSupplier')}
              </LineAction>
            ) : null}
          </Stack>
          <Stack gap="0" fontSize="sm" textAlign="end" minW="28">
            <Text>
              {t('orders.columns.selling_price')}: <Money value={line.price} currency={order.currency} />
            </Text>
            <Text data-testid="order-line-cost">
              {t('orders.detail.cost')}: <Money value={line.cost} currency="USD" />
            </Text>
          </Stack>
          <ShippingOption order={order} line={line} onSaved={onSaved} />
        </HStack>
      ))}
    </Stack>
  );
}
