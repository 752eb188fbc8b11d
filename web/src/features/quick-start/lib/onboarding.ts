/** The onboarding steps of spec section 4, and where each is done. */
export const ONBOARDING_STEPS = ['marketplace_import', 'pricing', 'order', 'normal_import'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const ONBOARDING_LINKS: Record<OnboardingStep, string> = {
  marketplace_import: '/app/find-product',
  pricing: '/app/setting/product',
  order: '/app/orders',
  normal_import: '/app/products',
};

/**
 * Spec section 4: by default marketplace import, pricing, order, normal import; with ONBOARDING_V2
 * and no reinstalled plan, marketplace import, normal import, order, pricing. The first step is
 * where onboarding starts.
 */
export function onboardingOrder(v2: boolean, planReinstalled: boolean): OnboardingStep[] {
  return v2 && !planReinstalled ? ['marketplace_import', 'normal_import', 'order', 'pricing'] : [...ONBOARDING_STEPS];
}
