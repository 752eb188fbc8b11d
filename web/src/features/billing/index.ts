export { CURRENT_PLAN_KEY, useCurrentPlan } from './api/plan';
export { CHANGE_PLAN_PATH, UpgradeButton } from './components/upgrade-button';
export { UsagePopover } from './components/usage-popover';
