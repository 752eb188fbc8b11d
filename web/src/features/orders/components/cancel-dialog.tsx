import { Button, CloseButton, Dialog, Portal, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CANCEL_REASONS, type CancelReason } from '../lib/format';

interface CancelDialogProps {
  open: boolean;
  count: number;
  loading?: boolean;
  onConfirm: (reason: CancelReason) => void;
  onClose: () => void;
}

/** Cancels orders with one of the spec's reasons (the supplier orders are cancelled and refunded to the wallet). */
export function CancelDialog({ open, count, loading, onConfirm, onClose }: CancelDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<CancelReason>(CANCEL_REASONS[0]);
  return (
    <Dialog.Root open={open} onOpenChange={(e) => (e.open ? undefined : onClose())} role="alertdialog" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="cancel-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('orders.cancel.title', { count })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text color="fg.muted">{t('orders.cancel.body')}</Text>
                <RadioGroup.Root value={reason} onValueChange={(e) => setReason(e.value as CancelReason)} colorPalette="teal">
                  <Stack gap="2">
                    {CANCEL_REASONS.map((r) => (
                      <RadioGroup.Item key={r} value={r} data-testid={`cancel-reason-${r}`}>
                        <RadioGroup.ItemHiddenInput />
                        <RadioGroup.ItemIndicator />
                        <RadioGroup.ItemText>{t(`orders.cancel.reasons.${r}`)}</RadioGroup.ItemText>
                      </RadioGroup.Item>
                    ))}
                  </Stack>
                </RadioGroup.Root>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={loading}>
                {t('common.cancel')}
              </Button>
              <Button colorPalette="red" onClick={() => onConfirm(reason)} loading={loading} data-testid="cancel-dialog-confirm">
                {t('orders.cancel.confirm')}
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
