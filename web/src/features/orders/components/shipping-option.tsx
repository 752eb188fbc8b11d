import { Button, HStack, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/money';
import type { LineItem, OrderDetail } from '@/types/orders';
import { type LogisticsOption, saveShippingOption, useLogistics } from '../api/order-edits';
import { shippingDays } from '../lib/format';
import { Money, ShippingTime } from './order-cells';
import { LineAction } from './line-action';

/** "Cainiao · $4.50 · 3-5 days". */
function useOptionLabel() {
  const { t, i18n } = useTranslation();
  return (o: LogisticsOption) => {
    const days = shippingDays(o.delivery_time);
    const time = days ? ('range' in days ? t('orders.days', { range: days.range }) : days.text) : null;
    return [o.company || o.code, formatMoney(o.amount, o.currency || 'USD', i18n.language), time].filter(Boolean).join(' · ');
  };
}

/** A line's shipping option: the supplier's options to the order's country in a select (save-shipping). */
export function ShippingOption({ order, line, onSaved }: { order: OrderDetail; line: LineItem; onSaved: (o: OrderDetail) => void }) {
  const { t } = useTranslation();
  const label = useOptionLabel();
  const [editing, setEditing] = useState(false);
  const [code, setCode] = useState(line.shipping_info?.service_name ?? '');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const logistics = useLogistics(line.source, line.source_product_id, order.country_code, line.quantity, editing);
  const options = logistics.data?.options ?? [];
  const info = line.shipping_info;

  async function save() {
    setSaving(true);
    const res = await saveShippingOption(order.id, line.id, code);
    setSaving(false);
    if (res.success && res.data) {
      setEditing(false);
      setError(null);
      onSaved(res.data);
    } else setError(res.errors?.service_name?.[0] ?? (res.message || t('orders.actionFailed')));
  }

  if (editing) {
    return (
      <Stack gap="1" minW="48" data-testid="line-shipping-editor">
        {logistics.isLoading ? <Spinner size="xs" /> : null}
        {logistics.error ? (
          <Text fontSize="xs" color="fg.error">
            {t('orders.detail.noShippingOptions')}
          </Text>
        ) : null}
        {logistics.data ? (
          options.length === 0 ? (
            <Text fontSize="xs" color="fg.muted" data-testid="line-shipping-none">
              {t('orders.detail.noShippingOptions')}
            </Text>
          ) : (
            <NativeSelect.Root size="xs">
              <NativeSelect.Field
                value={code}
                onChange={(e) => setCode(e.target.value)}
                aria-label={t('orders.detail.serviceName')}
                data-testid="line-shipping-select"
              >
                {options.some((o) => o.code === code) ? null : <option value="">{t('orders.detail.chooseShipping')}</option>}
                {options.map((o) => (
                  <option key={o.code} value={o.code}>
                    {label(o)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          )
        ) : null}
        {error ? (
          <Text fontSize="xs" color="fg.error" data-testid="line-shipping-error">
            {error}
          </Text>
        ) : null}
        <HStack gap="1">
          <Button size="2xs" variant="outline" onClick={() => setEditing(false)} disabled={saving}>
            {t('common.cancel')}
          </Button>
          <Button
            size="2xs"
            colorPalette="teal"
            onClick={() => void save()}
            loading={saving}
            disabled={!code || !options.some((o) => o.code === code)}
            data-testid="line-shipping-save"
          >
            {t('common.save')}
          </Button>
        </HStack>
      </Stack>
    );
  }
  return (
    <Stack gap="0" fontSize="xs" data-testid="line-shipping">
      <Text>{info ? info.company || info.service_name : t('orders.detail.noShipping')}</Text>
      {info ? (
        <Text color="fg.muted">
          <Money value={info.amount} currency="USD" /> · <ShippingTime value={info.delivery_time} />
        </Text>
      ) : null}
      {line.source_order || !line.source || !line.source_product_id ? null : (
        <LineAction onClick={() => setEditing(true)} testId="line-shipping-edit">
          {t('orders.detail.changeShipping')}
        </LineAction>
      )}
    </Stack>
  );
}
