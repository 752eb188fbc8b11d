import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { Envelope } from '@/lib/api';
import { round2, toAmount } from '@/lib/money';
import { notify } from '@/lib/toaster';
import type { ActionResult, Order, PayMethod } from '@/types/orders';
import type { CancelReason } from '../lib/format';
import { type RowAction, refundable, waitingPayment } from '../lib/order-math';
import { archiveOrders, cancelOrders, markOrders, payOrders, requestRefund, revertOrders, updateToFail, useRefreshOrders } from './orders';

export const createPath = (ids: (string | number)[]) => `/app/orders/create?orders=${encodeURIComponent(JSON.stringify(ids))}`;

export type PendingDialog = { kind: 'cancel' | 'pay' | 'refund'; orders: Order[] } | null;

/** Errors in `{items: [{id, status, error}]}` answers. */
const failures = (items: ActionResult[] | undefined) =>
  (items ?? []).filter((i) => i.error || i.status === 'error' || i.status === 'failed');

/** Runs the order list's actions: direct calls, or a dialog first (cancel, pay, refund). */
export function useOrderActions(onChanged?: () => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const refresh = useRefreshOrders();
  const [busy, setBusy] = useState<Set<Order['id']>>(new Set());
  const [dialog, setDialog] = useState<PendingDialog>(null);

  const track = useCallback(
    async <T>(orders: Order[], call: () => Promise<Envelope<T>>, done: string): Promise<Envelope<T>> => {
      const ids = orders.map((o) => o.id);
      setBusy((b) => new Set([...b, ...ids]));
      try {
        const res = await call();
        if (res.success) {
          const failed = failures((res.data as { items?: ActionResult[] } | null)?.items);
          if (failed.length > 0) notify('error', failed.map((f) => f.error || f.message || t('orders.actionFailed')).join(' · '));
          else notify('success', done);
          await refresh();
          onChanged?.();
        } else if (res.message === 'InsufficientBalance') notify('error', t('orders.pay.insufficient'));
        return res;
      } finally {
        setBusy((b) => new Set([...b].filter((id) => !ids.includes(id))));
      }
    },
    [refresh, onChanged, t],
  );

  const run = useCallback(
    (action: RowAction, orders: Order[]) => {
      const ids = orders.map((o) => o.id);
      switch (action) {
        case 'place':
          // The list's filters come back with the owner after placing.
          navigate(createPath(ids), { state: { back: search } });
          return;
        case 'pay':
        case 'cancel':
        case 'refund':
          setDialog({ kind: action, orders });
          return;
        case 'mark':
        case 'unmark':
          void track(orders, () => markOrders(ids, action === 'mark'), t(`orders.done.${action}`));
          return;
        case 'archive':
        case 'unarchive':
          void track(orders, () => archiveOrders(ids, action === 'archive'), t(`orders.done.${action}`));
          return;
        case 'fail':
          void track(orders, () => updateToFail(ids), t('orders.done.fail'));
          return;
        case 'revert':
          void track(orders, () => revertOrders(ids), t('orders.done.revert'));
      }
    },
    [navigate, search, track, t],
  );

  const close = useCallback(() => setDialog(null), []);
  const cancel = async (reason: CancelReason) => {
    if (!dialog) return;
    await track(
      dialog.orders,
      () =>
        cancelOrders(
          dialog.orders.map((o) => o.id),
          reason,
        ),
      t('orders.done.cancel'),
    );
    setDialog(null);
  };
  const pay = async (method: PayMethod) => {
    if (!dialog) return;
    const ids = dialog.orders.flatMap((o) => waitingPayment(o).map((s) => s.id));
    const res = await track(dialog.orders, () => payOrders(ids, method), t('orders.done.pay'));
    if (res.success) setDialog(null);
  };
  const refund = async () => {
    if (!dialog) return;
    const targets = dialog.orders.flatMap((o) => refundable(o));
    await track(
      dialog.orders,
      async () => {
        let last: Envelope<unknown> = { status: 200, success: true, message: 'OK', data: null };
        for (const so of targets) {
          last = await requestRefund(so.id);
          if (!last.success) break;
        }
        return last;
      },
      t('orders.done.refund'),
    );
    setDialog(null);
  };

  const payTotal =
    dialog?.kind === 'pay' ? round2(dialog.orders.flatMap(waitingPayment).reduce((s, so) => s + (toAmount(so.total) ?? 0), 0)) : 0;
  return { busy, dialog, run, close, cancel, pay, refund, payTotal };
}
