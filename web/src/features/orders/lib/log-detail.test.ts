import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { logDetailText } from './log-detail';

const t = i18n.t.bind(i18n) as unknown as Parameters<typeof logDetailText>[1];

describe('order log detail', () => {
  it('translates status changes and leaves ids and flags out', () => {
    expect(logDetailText({ from: 'in_transit', to: 'delivered' }, t)).toBe('In transit → Delivered');
    expect(
      logDetailText(
        {
          action: 'created',
          store_id: 'gid://shopify/Fulfillment/1',
          tracking_number: 'YT1',
          carrier: 'YunExpress',
          status: 'delivered',
          order_completed: false,
        },
        t,
      ),
    ).toBe('YT1 · YunExpress · Delivered');
    expect(logDetailText({ message: 'Placed on AliExpress' }, t)).toBe('Placed on AliExpress');
    expect(logDetailText({ method: 'wallet', total: 21.5 }, t)).toBe('Wallet · $21.50');
    expect(logDetailText({}, t)).toBe('');
  });
});
