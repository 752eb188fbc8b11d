import { Badge, Checkbox, HStack, Image, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatMoney } from '@/lib/money';
import { sourceName } from '@/lib/sources';
import type { Order } from '@/types/orders';
import { shippingDays } from '../lib/format';
import { statusPalette } from '../lib/tabs';
import { LineVariant } from './line-variant';

export const detailPath = (order: Pick<Order, 'id' | 'status'>) =>
  `/app/orders/detail/${encodeURIComponent(order.id)}/${encodeURIComponent(order.status)}`;

export function OrderIdCell({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
    <Stack gap="0.5">
      <Link asChild color="teal.700" fontWeight="semibold">
        <RouterLink to={detailPath(order)} data-testid="order-row-link">
          {order.name || order.platform_order_id}
        </RouterLink>
      </Link>
      <HStack gap="1" wrap="wrap">
        {order.marked ? (
          <Badge size="xs" colorPalette="purple" data-testid="order-row-marked">
            {t('orders.marked')}
          </Badge>
        ) : null}
        {order.archived ? (
          <Badge size="xs" colorPalette="gray">
            {t('orders.archived')}
          </Badge>
        ) : null}
      </HStack>
    </Stack>
  );
}

export function OrderInfoCell({ order }: { order: Order }) {
  const { i18n } = useTranslation();
  return (
    <Stack gap="0" fontSize="sm">
      <Text>{order.address?.name}</Text>
      <Text color="fg.muted">{[order.store_name, order.country_code].filter(Boolean).join(' · ')}</Text>
      <Text color="fg.muted" fontSize="xs">
        {new Date(order.ordered_at).toLocaleString(i18n.language)}
      </Text>
    </Stack>
  );
}

export function ItemsCell({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
    <Stack gap="1">
      {order.line_items.map((line) => (
        <HStack key={line.id} gap="2" opacity={line.disabled ? 0.5 : 1}>
          {line.image ? <Image src={line.image} alt="" boxSize="8" borderRadius="sm" objectFit="cover" /> : null}
          <Stack gap="0" minW="0">
            <Text fontSize="sm" lineClamp={1}>
              {line.title}
            </Text>
            <LineVariant line={line} fontSize="xs" />
            <Text fontSize="xs" color="fg.muted">
              {[`× ${line.quantity}`, line.source ? sourceName(line.source) : null].filter(Boolean).join(' · ')}
            </Text>
            {line.unmapped_product ? (
              <Text fontSize="xs" color="fg.error">
                {t('orders.unmapped')}
              </Text>
            ) : null}
          </Stack>
        </HStack>
      ))}
    </Stack>
  );
}

/** "3-5d" → "3-5 days". */
export function ShippingTime({ value }: { value: string | null | undefined }) {
  const { t } = useTranslation();
  const parsed = shippingDays(value);
  if (!parsed) return <Text as="span">--</Text>;
  return <Text as="span">{'range' in parsed ? t('orders.days', { range: parsed.range }) : parsed.text}</Text>;
}

export function StatusBadge({ status, label }: { status: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <Badge size="sm" colorPalette={statusPalette(status)} data-testid="status-badge" data-status={status}>
      {label ?? t(`orders.status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

export function Money({ value, currency }: { value: number | string | null | undefined; currency: string }) {
  const { i18n } = useTranslation();
  return (
    <Text as="span" dir="ltr" whiteSpace="nowrap">
      {formatMoney(value, currency, i18n.language)}
    </Text>
  );
}

/** The checkbox that selects an order for the bulk actions (a table row or a phone card). */
export function OrderRowSelect({
  order,
  selected,
  onSelect,
}: {
  order: Order;
  selected: boolean;
  onSelect: (ids: Order['id'][], on: boolean) => void;
}) {
  return (
    <Checkbox.Root
      size="sm"
      checked={selected}
      onCheckedChange={(e) => onSelect([order.id], e.checked === true)}
      aria-label={order.name}
      data-testid="order-row-select"
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}
