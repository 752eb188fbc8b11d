import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { useOrderActions } from '../api/use-order-actions';
import { CancelDialog } from './cancel-dialog';
import { PayDialog } from './pay-dialog';

interface OrderActionDialogsProps {
  actions: ReturnType<typeof useOrderActions>;
  /** The wallet's balance, shown beside "Pay from wallet". */
  balance?: number | null;
}

/** The dialogs an order action opens first (cancel, pay, refund), for the orders it was asked on. */
export function OrderActionDialogs({ actions, balance }: OrderActionDialogsProps) {
  const { t } = useTranslation();
  const dialog = actions.dialog;
  const count = dialog?.orders.length ?? 0;
  // Busy while any of the dialog's orders is still being acted on.
  const loading = dialog ? dialog.orders.some((o) => actions.busy.has(o.id)) : false;
  return (
    <>
      {/* The keys reset a dialog's choice each time it opens. */}
      <CancelDialog
        key={dialog?.kind === 'cancel' ? 'c-open' : 'c'}
        open={dialog?.kind === 'cancel'}
        count={count}
        loading={loading}
        onConfirm={(r) => void actions.cancel(r)}
        onClose={actions.close}
      />
      <PayDialog
        key={dialog?.kind === 'pay' ? 'p-open' : 'p'}
        open={dialog?.kind === 'pay'}
        count={count}
        total={actions.payTotal}
        balance={balance}
        loading={loading}
        onConfirm={(m) => void actions.pay(m)}
        onClose={actions.close}
      />
      <ConfirmDialog
        open={dialog?.kind === 'refund'}
        title={t('orders.refund.title')}
        body={t('orders.refund.body')}
        confirmLabel={t('orders.refund.confirm')}
        loading={loading}
        onConfirm={() => void actions.refund()}
        onClose={actions.close}
        testId="refund-dialog"
      />
    </>
  );
}
