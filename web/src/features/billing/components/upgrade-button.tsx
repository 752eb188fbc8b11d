import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { RocketIcon } from '@/components/icons';

export const CHANGE_PLAN_PATH = '/app/setting/billing-plan/change-plan';

/** Upgrade button of the top bar: only rendered on a free plan. */
export function UpgradeButton({ isFree, compact = false }: { isFree: boolean | undefined; compact?: boolean }) {
  const { t } = useTranslation();
  if (!isFree) return null;
  return (
    <Button asChild size="sm" colorPalette="orange" data-testid="upgrade-button" px={compact ? '2' : undefined}>
      <RouterLink to={CHANGE_PLAN_PATH} aria-label={t('billing.upgrade')}>
        <RocketIcon />
        {compact ? null : t('billing.upgrade')}
      </RouterLink>
    </Button>
  );
}
