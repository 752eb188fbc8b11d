import { DialogShell } from '@/components/ui/dialog-shell';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { Stack, Text } from '@chakra-ui/react';
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
    <DialogShell
      open={open}
      onClose={onClose}
      role="alertdialog"
      title={t('orders.cancel.title', { count })}
      testId="cancel-dialog"
      action={{
        label: t('orders.cancel.confirm'),
        onClick: () => onConfirm(reason),
        palette: 'red',
        loading,
        testId: 'cancel-dialog-confirm',
      }}
    >
      <Stack gap="3">
        <Text color="fg.muted">{t('orders.cancel.body')}</Text>
        <ChoiceGroup
          value={reason}
          onChange={setReason}
          choices={CANCEL_REASONS}
          label={(r) => t(`orders.cancel.reasons.${r}`)}
          testId="cancel-reason"
        />
      </Stack>
    </DialogShell>
  );
}
