import { Badge, Button, HStack, Heading, Image, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sourceName } from '@/lib/sources';
import type { LineItem, OrderDetail } from '@/types/orders';
import { saveShipping } from '../api/orders';
import { Money, ShippingTime, StatusBadge } from './order-cells';

function ShippingOption({ order, line, onSaved }: { order: OrderDetail; line: LineItem; onSaved: (o: OrderDetail) => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(line.shipping_info?.service_name ?? '');
  const [saving, setSaving] = useState(false);
  const info = line.shipping_info;
  async function save() {
    setSaving(true);
    const res = await saveShipping(order.id, line.id, name.trim());
    setSaving(false);
    if (res.success && res.data) {
      setEditing(false);
      onSaved(res.data);
    }
  }
  if (editing) {
    return (
      <HStack gap="1">
        <Input size="xs" value={name} onChange={(e) => setName(e.target.value)} placeholder={t('orders.detail.serviceName')} data-testid="line-shipping-input" />
        <Button size="xs" colorPalette="teal" onClick={() => void save()} loading={saving} disabled={!name.trim()} data-testid="line-shipping-save">
          {t('common.save')}
        </Button>
      </HStack>
    );
  }
  return (
    <Stack gap="0" fontSize="xs" data-testid="line-shipping">
      <Text>{info ? info.service_name : t('orders.detail.noShipping')}</Text>
      {info ? (
        <Text color="fg.muted">
          <Money value={info.amount} currency="USD" /> · <ShippingTime value={info.delivery_time} />
        </Text>
      ) : null}
      {line.source_order ? null : (
        <Button size="2xs" variant="plain" colorPalette="teal" px="0" alignSelf="start" onClick={() => setEditing(true)} data-testid="line-shipping-edit">
          {t('orders.detail.changeShipping')}
        </Button>
      )}
    </Stack>
  );
}

/** The order's lines with their supplier, cost and shipping option. */
export function LineItemsCard({ order, onSaved }: { order: OrderDetail; onSaved: (o: OrderDetail) => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="0" bg="bg" borderWidth="1px" borderRadius="xl" p="4" data-testid="order-lines">
      <Heading as="h2" size="md" pb="2">
        {t('orders.detail.items')}
      </Heading>
      {order.line_items.map((line) => (
        <HStack key={line.id} gap="3" py="3" borderTopWidth="1px" align="start" data-testid="order-line" data-id={line.id} opacity={line.disabled ? 0.6 : 1}>
          {line.image ? <Image src={line.image} alt="" boxSize="12" borderRadius="md" objectFit="cover" /> : null}
          <Stack gap="0.5" flex="1" minW="0">
            <Text fontWeight="medium">{line.title}</Text>
            <Text fontSize="sm" color="fg.muted">
              {[line.variant_title, line.sku, `× ${line.quantity}`].filter(Boolean).join(' · ')}
            </Text>
            <HStack gap="2" wrap="wrap">
              {line.source ? <Badge colorPalette="gray">{sourceName(line.source)}</Badge> : null}
              {line.unmapped_product ? <Badge colorPalette="red">{t('orders.unmapped')}</Badge> : null}
              {line.need_change_supplier ? <Badge colorPalette="orange">{t('orders.detail.changeSupplier')}</Badge> : null}
              {line.source_order ? <StatusBadge status={line.source_order.status} /> : null}
            </HStack>
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
