import { describe, expect, it } from 'vitest';
import { onboardingOrder } from './onboarding';

describe('onboarding step order', () => {
  it('is marketplace import, pricing, order, normal import by default', () => {
    expect(onboardingOrder(false, false)).toEqual(['marketplace_import', 'pricing', 'order', 'normal_import']);
    expect(onboardingOrder(false, true)).toEqual(['marketplace_import', 'pricing', 'order', 'normal_import']);
  });

  it('puts normal import second and pricing last under ONBOARDING_V2 without a reinstalled plan', () => {
    expect(onboardingOrder(true, false)).toEqual(['marketplace_import', 'normal_import', 'order', 'pricing']);
    expect(onboardingOrder(true, true)).toEqual(['marketplace_import', 'pricing', 'order', 'normal_import']);
  });
});
