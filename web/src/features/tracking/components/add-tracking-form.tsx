import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '@/lib/api';
import { notify } from '@/lib/toaster';
import type { Shipment } from '@/types/tracking';
import { addTracking } from '../api/tracking';

/** A tracking number added by hand (PUT orders/v2/trackings/{number}); the API's field errors are shown. */
export function AddTrackingForm({
  orderId,
  onAdded,
  onCancel,
}: {
  orderId: string | number;
  onAdded: (s: Shipment) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [number, setNumber] = useState('');
  const [carrier, setCarrier] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setSaving(true);
    const res = await addTracking(orderId, number.trim(), carrier.trim() || undefined);
    setSaving(false);
    if (res.success && res.data) {
      setErrors({});
      setMessage(null);
      notify('success', t('tracking.add.done'));
      onAdded(res.data);
      return;
    }
    const fieldErrors = res.errors ?? {};
    setErrors(fieldErrors);
    const named = ['tracking_number', 'carrier'].some((k) => fieldErrors[k]?.length);
    setMessage(named ? null : messageOf(res) || t('tracking.add.failed'));
  }

  return (
    <Stack as="form" gap="3" onSubmit={(e) => void submit(e)} borderWidth="1px" borderRadius="lg" p="3" data-testid="add-tracking-form">
      <HStack gap="3" align="start" wrap="wrap">
        <Field.Root invalid={Boolean(errors.tracking_number)} flex="2" minW="40">
          <Field.Label fontSize="sm">{t('tracking.fields.trackingNumber')}</Field.Label>
          <Input size="sm" dir="ltr" value={number} onChange={(e) => setNumber(e.target.value)} data-testid="add-tracking-number" />
          <Field.ErrorText data-testid="add-tracking-number-error">{errors.tracking_number?.[0]}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.carrier)} flex="1" minW="32">
          <Field.Label fontSize="sm">{t('tracking.fields.carrierOptional')}</Field.Label>
          <Input size="sm" value={carrier} onChange={(e) => setCarrier(e.target.value)} data-testid="add-tracking-carrier" />
          <Field.ErrorText>{errors.carrier?.[0]}</Field.ErrorText>
        </Field.Root>
      </HStack>
      {message ? (
        <Text fontSize="sm" color="fg.error" data-testid="add-tracking-error">
          {message}
        </Text>
      ) : null}
      <HStack justify="end" gap="2">
        <Button size="sm" variant="outline" onClick={onCancel} disabled={saving}>
          {t('common.cancel')}
        </Button>
        <Button size="sm" colorPalette="teal" type="submit" loading={saving} disabled={!number.trim()} data-testid="add-tracking-submit">
          {t('tracking.add.submit')}
        </Button>
      </HStack>
    </Stack>
  );
}
