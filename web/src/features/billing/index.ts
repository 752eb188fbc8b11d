export { CURRENT_PLAN_KEY, useCurrentPlan } from './api/plan';
export { BillingPage } from './components/billing-page';
export { ChangePlanPage } from './components/change-plan-page';
export { PricingPage } from './components/pricing-page';
export { CHANGE_PLAN_PATH, UpgradeButton, isOutOfQuota } from './components/upgrade-button';
export { UsagePopover } from './components/usage-popover';
export type { CurrentPlan } from './types';
