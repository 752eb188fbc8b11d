import { DialogShell } from '@/components/ui/dialog-shell';
import { HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PayMethod } from '@/types/orders';
import { ChoiceGroup } from '@/components/ui/choice-group';
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
    <DialogShell
      open={open}
      onClose={onClose}
      title={t('orders.pay.title', { count })}
      testId="pay-dialog"
      action={{ label: t('orders.pay.confirm'), onClick: () => onConfirm(method), loading, disabled: short, testId: 'pay-dialog-confirm' }}
    >
      <Stack gap="3">
        <HStack justify="space-between">
          <Text>{t('orders.pay.total')}</Text>
          <Text fontWeight="semibold" data-testid="pay-dialog-total">
            <Money value={total} currency="USD" />
          </Text>
        </HStack>
        <ChoiceGroup
          value={method}
          onChange={setMethod}
          choices={['wallet', 'card'] as const}
          label={(m) => (
            <>
              {t(`orders.pay.methods.${m}`)}
              {m === 'wallet' && balance != null ? (
                <Text as="span" color="fg.muted" ms="2">
                  (<Money value={balance} currency="USD" />)
                </Text>
              ) : null}
            </>
          )}
          testId="pay-method"
        />
        {short ? (
          <Text color="fg.error" fontSize="sm" data-testid="pay-dialog-short">
            {t('orders.pay.insufficient')}
          </Text>
        ) : null}
      </Stack>
    </DialogShell>
  );
}
