import type { TFunction } from 'i18next';
import { formatMoney } from '@/lib/money';
import { sourceName } from '@/lib/sources';
import type { Notification } from '@/types/api';

type Params = Record<string, unknown>;

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/**
 * The notification's title and body in the reader's language, from the values the server kept
 * (`params`). A notification without them (the welcome note, rows written before) keeps the
 * server's own text; so do the supplier's and the store's messages, which are theirs.
 */
export function notificationText(item: Notification, t: TFunction, locale: string): { title: string; body: string } {
  const p = item.params as Params;
  const server = { title: item.title, body: item.body };
  const v = (k: string) => str(p[k]);
  switch (item.type) {
    case 'placement_failed':
      if (!p.order) return server;
      return {
        title: t('notificationEvents.placement_failed', { order: v('order'), source: sourceName(v('source')) }),
        body: v('message'),
      };
    case 'parcel_exception':
    case 'parcel_delivered':
      if (!p.number) return server;
      return {
        title: t(`notificationEvents.${item.type}`, { order: v('order'), number: v('number') }),
        body: t('notificationEvents.carrierReports', { status: t(`orders.status.${v('status')}`, { defaultValue: v('status') }) }),
      };
    case 'supplier_change':
      if (!p.product) return server;
      if (p.gone) return { title: t('notificationEvents.supplier_gone', { product: v('product') }), body: item.body };
      return { title: t('notificationEvents.supplier_change', { product: v('product') }), body: v('change') };
    case 'push_failed':
      if (!p.product) return server;
      return { title: t('notificationEvents.push_failed', { product: v('product'), destination: v('destination') }), body: v('error') };
    case 'store_disconnected':
      if (!p.store) return server;
      return {
        title: t('notificationEvents.store_disconnected', { store: v('store') }),
        body: t('notificationEvents.store_disconnectedBody'),
      };
    case 'low_balance':
      if (typeof p.balance_cents !== 'number') return server;
      return {
        title: t('notificationEvents.low_balance', { balance: formatMoney(p.balance_cents / 100, 'USD', locale) }),
        body: t('notificationEvents.low_balanceBody'),
      };
    case 'quota_nearly_used':
      if (typeof p.usage !== 'number') return server;
      return {
        title: t('notificationEvents.quota_nearly_used', {
          usage: p.usage,
          limit: v('limit'),
          feature: t(`billing.features.${v('feature')}`, { defaultValue: v('feature') }),
        }),
        body: t('notificationEvents.quota_nearly_usedBody'),
      };
    default:
      return server;
  }
}
