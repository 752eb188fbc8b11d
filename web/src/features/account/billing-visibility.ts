import type { Account } from '@/types/api';

export interface BillingContext {
  /** Running embedded in a shopify admin and paying through the payment vendor. */
  embeddedWithVendor?: boolean;
  /** An onboarding screen is open. */
  onboarding?: boolean;
}

/**
 * Whether billing entries (user menu "Billing plan", Upgrade) are hidden (spec section 2):
 * marketing users, embedded shopify stores paid through the payment vendor, during onboarding,
 * or when the mobile app hides billing.
 */
export function isBillingHidden(account: Pick<Account, 'is_user_mkt' | 'is_hide_billing'> | undefined, ctx: BillingContext = {}): boolean {
  if (!account) return true;
  return Boolean(account.is_user_mkt || account.is_hide_billing || ctx.embeddedWithVendor || ctx.onboarding);
}

export function displayName(account: Pick<Account, 'first_name' | 'last_name' | 'email'>): string {
  const name = `${account.first_name ?? ''} ${account.last_name ?? ''}`.trim();
  return name || account.email;
}

export function initials(account: Pick<Account, 'first_name' | 'last_name' | 'email'>): string {
  const letters = [account.first_name, account.last_name].map((part) => (part ?? '').trim().charAt(0)).join('');
  return (letters || account.email.charAt(0)).toUpperCase();
}
