import { describe, expect, it } from 'vitest';
import { selectedSettingsId, settingsMenuItems } from './settings-menu';

describe('settings side menu (spec section 2)', () => {
  it('lists the spec items in order, Billing only while billing is shown', () => {
    expect(settingsMenuItems({ hideBilling: false }).map((i) => i.id)).toEqual([
      'account',
      'billing',
      'notification',
      'product',
      'fulfillment',
      'order-fulfillment',
      'wallet',
      'channel',
    ]);
    expect(settingsMenuItems({ hideBilling: true }).map((i) => i.id)).not.toContain('billing');
  });

  it('selects the item of every settings page and none elsewhere', () => {
    const items = settingsMenuItems({ hideBilling: false });
    expect(selectedSettingsId(items, '/app/setting/account')).toBe('account');
    expect(selectedSettingsId(items, '/app/setting/notification')).toBe('notification');
    expect(selectedSettingsId(items, '/app/setting/billing-plan/change-plan')).toBe('billing');
    expect(selectedSettingsId(items, '/app/setting/order/order-placement')).toBe('order-fulfillment');
    expect(selectedSettingsId(items, '/app/setting/wallet')).toBe('wallet');
    expect(selectedSettingsId(items, '/app/setting/channel')).toBe('channel');
    expect(selectedSettingsId(items, '/app/channel')).toBeUndefined();
    expect(selectedSettingsId(items, '/app/setting/integration')).toBeUndefined();
    expect(selectedSettingsId(items, '/app/orders')).toBeUndefined();
  });
});
