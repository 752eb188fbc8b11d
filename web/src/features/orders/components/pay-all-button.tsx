import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { messageOf } from '@/lib/api';
import { notify } from '@/lib/toaster';
import { payAll } from '../api/order-edits';
import { useRefreshOrders } from '../api/orders';

/** "Pay all": pays every supplier order waiting for payment with the saved method (retry-all). */
export function PayAllButton({ count, onPaid }: { count: number; onPaid?: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefreshOrders();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function pay() {
    setBusy(true);
    const res = await payAll();
    setBusy(false);
    setOpen(false);
    if (!res.success) {
      notify('error', messageOf(res) || t('orders.actionFailed'));
      return;
    }
    const items = res.data?.items ?? [];
    const failed = items.filter((i) => i.status === 'error');
    if (items.length === 0) notify('info', t('orders.pay.nothing'));
    else if (failed.length > 0)
      notify(
        'error',
        t('orders.payAll.partial', { paid: items.length - failed.length, failed: failed.length, reason: failed[0].message ?? '' }),
      );
    else notify('success', t('orders.payAll.done', { count: items.length }));
    await refresh();
    onPaid?.();
  }

  return (
    <>
      <Button size="sm" colorPalette="teal" onClick={() => setOpen(true)} disabled={count === 0} loading={busy} data-testid="order-pay-all">
        {t('orders.payAll.button', { count })}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('orders.payAll.title')}
        body={t('orders.payAll.body', { count })}
        confirmLabel={t('orders.payAll.confirm')}
        loading={busy}
        onConfirm={() => void pay()}
        onClose={() => setOpen(false)}
        testId="pay-all-dialog"
      />
    </>
  );
}
