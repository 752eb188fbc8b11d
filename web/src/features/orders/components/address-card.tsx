import { Button, Field, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditIcon } from '@/components/icons';
import { notify } from '@/lib/toaster';
import type { Address, OrderDetail } from '@/types/orders';
import { SectionCard } from '@/components/ui/section-card';
import { updateCustomer } from '../api/orders';

const FIELDS = ['name', 'address1', 'address2', 'city', 'province_code', 'zip', 'country_code', 'phone'] as const;

/** The shipping address, editable (update-customer; the API names each bad field). */
export function AddressCard({ order, onSaved }: { order: OrderDetail; onSaved: (order: OrderDetail) => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<(Address & { email: string }) | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);
  const a = order.address;

  async function save() {
    if (!form) return;
    setSaving(true);
    const { email, ...address } = form;
    const res = await updateCustomer(order.id, address, email);
    setSaving(false);
    if (res.success && res.data) {
      setForm(null);
      setErrors({});
      onSaved(res.data);
      notify('success', t('orders.detail.addressSaved'));
    } else {
      setErrors(res.errors ?? {});
      notify('error', res.message || t('orders.actionFailed'));
    }
  }

  return (
    <SectionCard
      title={t('orders.detail.address')}
      actions={
        <>
          {form ? null : (
            <Button
              size="xs"
              variant="outline"
              onClick={() =>
                setForm({
                  ...a,
                  address2: a.address2 ?? '',
                  province_code: a.province_code ?? '',
                  phone: a.phone ?? '',
                  email: order.email ?? '',
                })
              }
              data-testid="order-address-edit"
            >
              <EditIcon />
              {t('orders.detail.edit')}
            </Button>
          )}
        </>
      }
      testId="order-address"
    >
      {form ? (
        <Stack gap="3">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            {[...FIELDS, 'email' as const].map((key) => (
              <Field.Root key={key} invalid={Boolean(errors[key])}>
                <Field.Label fontSize="sm">{t(`orders.address.${key}`)}</Field.Label>
                <Input
                  size="sm"
                  value={form[key] ?? ''}
                  onChange={(e) => setForm({ ...form, [key]: e.target.value })}
                  data-testid={`address-${key}`}
                />
                <Field.ErrorText>{errors[key]?.[0]}</Field.ErrorText>
              </Field.Root>
            ))}
          </SimpleGrid>
          <HStack justify="end" gap="2">
            <Button size="sm" variant="outline" onClick={() => setForm(null)} disabled={saving}>
              {t('common.cancel')}
            </Button>
            <Button size="sm" colorPalette="teal" onClick={() => void save()} loading={saving} data-testid="order-address-save">
              {t('common.save')}
            </Button>
          </HStack>
        </Stack>
      ) : (
        <Stack gap="0" fontSize="sm" data-testid="order-address-text">
          <Text fontWeight="medium">{a.name}</Text>
          <Text>{[a.address1, a.address2].filter(Boolean).join(', ')}</Text>
          <Text>{[a.city, a.province_code, a.zip].filter(Boolean).join(', ')}</Text>
          <Text>{a.country_code}</Text>
          {a.phone ? <Text color="fg.muted">{a.phone}</Text> : null}
          {order.email ? <Text color="fg.muted">{order.email}</Text> : null}
        </Stack>
      )}
    </SectionCard>
  );
}
