import { Button, CloseButton, Dialog, HStack, Portal, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayMethod } from '@/types/orders';
import { Money } from './order-cells';

interface PayDialogProps {
  open: boolean;
  count: number;
  total: number;
  /** The wallet's balance, when known. */
  balance?: number | null;
  defaultMethod?: PayMethod;
  loading?: boolean;
  onConfirm: (method: PayMethod) => void;
  onClose: () => void;
}

/** Pays waiting_payment supplier orders by wallet or card. */
export function PayDialog({ open, count, total, balance, defaultMethod = 'wallet', loading, onConfirm, onClose }: PayDialogProps) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<PayMethod>(defaultMethod);
  const short = method === 'wallet' && balance != null && balance < total;
  return (
    <Dialog.Root open={open} onOpenChange={(e) => (e.open ? undefined : onClose())} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="pay-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('orders.pay.title', { count })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <HStack justify="space-between">
                  <Text>{t('orders.pay.total')}</Text>
                  <Text fontWeight="semibold" data-testid="pay-dialog-total">
                    <Money value={total} currency="USD" />
                  </Text>
                </HStack>
                <RadioGroup.Root value={method} onValueChange={(e) => setMethod(e.value as PayMethod)} colorPalette="teal">
                  <Stack gap="2">
                    {(['wallet', 'card'] as const).map((m) => (
                      <RadioGroup.Item key={m} value={m} data-testid={`pay-method-${m}`}>
                        <RadioGroup.ItemHiddenInput />
                        <RadioGroup.ItemIndicator />
                        <RadioGroup.ItemText>
                          {t(`orders.pay.methods.${m}`)}
                          {m === 'wallet' && balance != null ? (
                            <Text as="span" color="fg.muted" ms="2">
                              (<Money value={balance} currency="USD" />)
                            </Text>
                          ) : null}
                        </RadioGroup.ItemText>
                      </RadioGroup.Item>
                    ))}
                  </Stack>
                </RadioGroup.Root>
                {short ? (
                  <Text color="fg.error" fontSize="sm" data-testid="pay-dialog-short">
                    {t('orders.pay.insufficient')}
                  </Text>
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={loading}>
                {t('common.cancel')}
              </Button>
              <Button
                colorPalette="teal"
                onClick={() => onConfirm(method)}
                loading={loading}
                disabled={short}
                data-testid="pay-dialog-confirm"
              >
                {t('orders.pay.confirm')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
