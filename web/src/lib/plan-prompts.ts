/**
 * The plan gates' prompts (spec section 8): the API refuses a gated action with QUOTA_EXPIRED and
 * one of these keys as its message; the web shows it translated with a way to change plan.
 */
export const CHANGE_PLAN_PATH = '/app/setting/billing-plan/change-plan';

export const PLAN_PROMPTS = [
  'UpgradeToContinueImportingMoreProducts',
  'UpgradeToContinueListingProducts',
  'BulkOrderPlacementIsDisabled',
  'CashbackIsUnavailable',
  'UpgradeForBulkEditingListings',
  'UpgradeYourPlanToAccessAllDataWithoutAnyLimits',
] as const;

export type PlanPrompt = (typeof PLAN_PROMPTS)[number];

/** The prompt an answer's message names, if any. */
export function planPromptOf(message: string | null | undefined): PlanPrompt | null {
  return (PLAN_PROMPTS as readonly string[]).includes(message ?? '') ? (message as PlanPrompt) : null;
}
