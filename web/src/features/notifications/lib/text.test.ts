import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import type { Notification } from '@/types/api';
import { notificationText } from './text';

const note = (over: Partial<Notification>): Notification =>
  ({
    id: 1,
    kind: 'general',
    title: 'Server title',
    body: 'Server body',
    read: false,
    created_at: '2026-11-25T00:00:00Z',
    params: {},
    ...over,
  }) as Notification;

describe('notificationText', () => {
  it('writes a typed notification in the reader’s language from its values', async () => {
    const low = note({ type: 'low_balance', params: { balance_cents: 500, threshold_cents: 2000 } as never });
    const de = await i18n.changeLanguage('de').then(() => i18n.getFixedT('de'));
    expect(notificationText(low, de, 'de').title).toMatch(/Guthaben ist niedrig: .*5,00/);
    const en = i18n.getFixedT('en');
    expect(notificationText(low, en, 'en').title).toBe('Your wallet balance is low: $5.00');
    const parcel = note({ type: 'parcel_exception', params: { order: '#1001', number: 'EXC1', status: 'delivery_failure' } as never });
    expect(notificationText(parcel, en, 'en')).toEqual({
      title: 'Order #1001: parcel EXC1 has a delivery problem',
      body: 'The carrier reports: Delivery failure.',
    });
    const quota = note({ type: 'quota_nearly_used', params: { feature: 'IMPORT_PRODUCT', usage: 40, limit: 50 } as never });
    expect(notificationText(quota, en, 'en').title).toBe('Product imports: you have used 40 of 50');
    const ar = i18n.getFixedT('ar');
    expect(notificationText(note({ type: 'store_disconnected', params: { store: 'a.myshopify.com' } as never }), ar, 'ar').title).toContain(
      'a.myshopify.com',
    );
  });

  it('keeps the server’s text without values (the welcome note, older rows)', () => {
    const en = i18n.getFixedT('en');
    expect(notificationText(note({ type: null }), en, 'en')).toEqual({ title: 'Server title', body: 'Server body' });
    expect(notificationText(note({ type: 'push_failed' }), en, 'en')).toEqual({ title: 'Server title', body: 'Server body' });
  });
});
