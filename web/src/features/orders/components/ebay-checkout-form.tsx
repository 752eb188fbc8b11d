import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '@/lib/api';
import { notify } from '@/lib/toaster';
import type { SourceOrder } from '@/types/orders';
import { completeEbayCheckout } from '../api/ebay';

/** An eBay supplier order waiting for the owner to pay its checkout at eBay. */
export function awaitsEbayCheckout(so: Pick<SourceOrder, 'source' | 'status' | 'warning'>): boolean {
  return so.source === 'ebay' && so.status === 'waiting_payment' && so.warning === 'waiting_complete_order';
}

/**
 * eBay's Order API v2 cannot pay: the owner pays the checkout session at eBay and enters the
 * purchase order number eBay's checkout gave back; Dropline checks it at eBay before the order
 * counts as placed.
 */
export function EbayCheckoutForm({ sourceOrder, onCompleted }: { sourceOrder: SourceOrder; onCompleted: () => void }) {
  const { t } = useTranslation();
  const [purchaseOrderId, setPurchaseOrderId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!purchaseOrderId.trim()) {
      setError(t('orders.ebayCheckout.required'));
      return;
    }
    setBusy(true);
    const res = await completeEbayCheckout(sourceOrder.id, purchaseOrderId.trim());
    setBusy(false);
    if (!res.success) {
      setError(messageOf(res));
      return;
    }
    setError(null);
    notify('success', t('orders.ebayCheckout.completed'));
    onCompleted();
  };

  return (
    <Stack as="form" gap="2" onSubmit={submit} data-testid="ebay-checkout" data-session={sourceOrder.order_no ?? ''}>
      <Text fontSize="sm">{t('orders.ebayCheckout.explain', { session: sourceOrder.order_no ?? '' })}</Text>
      <HStack align="start" gap="2" wrap="wrap">
        <Field.Root invalid={Boolean(error)} flex="1" minW="14rem">
          <Field.Label fontSize="sm">{t('orders.ebayCheckout.label')}</Field.Label>
          <Input
            size="sm"
            value={purchaseOrderId}
            onChange={(e) => setPurchaseOrderId(e.target.value)}
            data-testid="ebay-purchase-order-id"
            dir="ltr"
          />
          {error ? <Field.ErrorText data-testid="ebay-checkout-error">{error}</Field.ErrorText> : null}
        </Field.Root>
        <Button type="submit" size="sm" colorPalette="teal" mt={{ base: '0', sm: '6' }} loading={busy} data-testid="ebay-checkout-submit">
          {t('orders.ebayCheckout.submit')}
        </Button>
      </HStack>
    </Stack>
  );
}
