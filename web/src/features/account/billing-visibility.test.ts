import { describe, expect, it } from 'vitest';
import { displayName, initials, isBillingHidden } from './billing-visibility';

const user = { is_user_mkt: false, is_hide_billing: false };

describe('billing visibility (user menu "Billing plan")', () => {
  it('is shown for a normal account', () => {
    expect(isBillingHidden(user)).toBe(false);
  });
  it('is hidden for marketing users, when the mobile app hides billing, embedded with the vendor, during onboarding', () => {
    expect(isBillingHidden({ ...user, is_user_mkt: true })).toBe(true);
    expect(isBillingHidden({ ...user, is_hide_billing: true })).toBe(true);
    expect(isBillingHidden(user, { embeddedWithVendor: true })).toBe(true);
    expect(isBillingHidden(user, { onboarding: true })).toBe(true);
    expect(isBillingHidden(undefined)).toBe(true);
  });
});

describe('names', () => {
  it('uses the full name, else the email', () => {
    expect(displayName({ first_name: 'Ada', last_name: 'Lovelace', email: 'a@x.io' })).toBe('Ada Lovelace');
    expect(displayName({ first_name: '', last_name: '', email: 'a@x.io' })).toBe('a@x.io');
    expect(initials({ first_name: 'ada', last_name: 'lovelace', email: 'a@x.io' })).toBe('AL');
    expect(initials({ first_name: '', last_name: '', email: 'zed@x.io' })).toBe('Z');
  });
});
