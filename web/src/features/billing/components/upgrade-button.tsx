import { Badge, Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { RocketIcon } from '@/components/icons';
import { CHANGE_PLAN_PATH } from '@/lib/plan-prompts';
import type { CurrentPlan } from '../types';

export { CHANGE_PLAN_PATH };

/** A limited feature of the plan is used up this cycle. */
export function isOutOfQuota(plan: CurrentPlan | undefined): boolean {
  return Object.values(plan?.package.features ?? {}).some((f) => f.limit > 0 && f.usage >= f.limit);
}

interface UpgradeButtonProps {
  isFree: boolean | undefined;
  compact?: boolean;
  /** Billing hidden in the mobile app: no upgrade, "Limit quota exceeded" when a quota is used up (spec section 6). */
  billingHidden?: boolean;
  outOfQuota?: boolean;
}

/** Upgrade button of the top bar: only on a free plan (spec section 2). */
export function UpgradeButton({ isFree, compact = false, billingHidden = false, outOfQuota = false }: UpgradeButtonProps) {
  const { t } = useTranslation();
  if (!isFree) return null;
  if (billingHidden) {
    return outOfQuota ? (
      <Badge colorPalette="red" data-testid="limit-exceeded">
        {t('billing.limitExceeded')}
      </Badge>
    ) : null;
  }
  return (
    <Button asChild size="sm" colorPalette="orange" data-testid="upgrade-button" px={compact ? '2' : undefined}>
      <RouterLink to={CHANGE_PLAN_PATH} aria-label={t('billing.upgrade')}>
        <RocketIcon />
        {compact ? null : t('billing.upgrade')}
      </RouterLink>
    </Button>
  );
}
