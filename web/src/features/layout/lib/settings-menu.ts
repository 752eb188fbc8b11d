/**
 * The settings side menu (spec section 2): Account, Billing (hidden when billing is hidden),
 * Notification, Product, fulfilment, order fulfilment, wallet, channel. Shown beside every page
 * one of its items selects, so a settings page gets it without its route knowing.
 */
import { type NavItem, selectedNavId } from './nav';

const SETTINGS_ITEMS: readonly (NavItem & { billing?: boolean })[] = [
  { id: 'account', labelKey: 'settingsMenu.account', to: '/app/setting/account', icon: 'settings' },
  {
    id: 'billing',
    labelKey: 'settingsMenu.billing',
    to: '/app/setting/billing',
    icon: 'wallet',
    matches: ['/app/setting/billing', '/app/setting/billing-plan'],
    billing: true,
  },
  { id: 'notification', labelKey: 'settingsMenu.notification', to: '/app/setting/notification', icon: 'settings' },
  { id: 'product', labelKey: 'settingsMenu.product', to: '/app/setting/product', icon: 'box' },
  { id: 'fulfillment', labelKey: 'settingsMenu.fulfillment', to: '/app/setting/dropline-fulfillment', icon: 'box' },
  {
    id: 'order-fulfillment',
    labelKey: 'settingsMenu.orderFulfillment',
    to: '/app/setting/order/order-placement',
    icon: 'cart',
    matches: ['/app/setting/order'],
  },
  { id: 'wallet', labelKey: 'settingsMenu.wallet', to: '/app/setting/wallet', icon: 'wallet' },
  { id: 'channel', labelKey: 'settingsMenu.channel', to: '/app/setting/channel', icon: 'plug' },
];

/** The menu's items; Billing only while billing is shown. */
export function settingsMenuItems(ctx: { hideBilling: boolean }): NavItem[] {
  return SETTINGS_ITEMS.filter((i) => !(i.billing && ctx.hideBilling)).map(({ billing: _billing, ...rest }) => rest);
}

/** The item of the settings page at `pathname`, or undefined off the settings pages (no menu there). */
export function selectedSettingsId(items: readonly NavItem[], pathname: string): string | undefined {
  return selectedNavId(items, pathname);
}
