import { describe, expect, it } from 'vitest';
import { landingAfterSignUp } from './landing';

describe('where a sign-up lands', () => {
  it('opens the welcome for an owner with nothing started who has not seen it, else home', () => {
    expect(landingAfterSignUp({ onboarding_enabled: true, remaining_meta_keys: ['ONBOARDING', 'WELCOME_TOUR'] })).toBe('/app/ob-welcome');
    expect(landingAfterSignUp({ onboarding_enabled: true, remaining_meta_keys: ['WELCOME_TOUR'] })).toBe('/app');
    expect(landingAfterSignUp({ onboarding_enabled: false, remaining_meta_keys: ['ONBOARDING'] })).toBe('/app');
    expect(landingAfterSignUp(undefined)).toBe('/app');
  });
});
