import { Alert, Button, CloseButton } from '@chakra-ui/react';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { RocketIcon } from '@/components/icons';
import { CHANGE_PLAN_PATH, type PlanPrompt } from '@/lib/plan-prompts';

/**
 * Whether billing is hidden for this account here (the signed-in shell decides, spec section 2);
 * then prompts say "Limit quota exceeded" instead of offering an upgrade (spec section 6).
 */
export const BillingHiddenContext = createContext(false);

interface UpgradePromptProps {
  prompt: PlanPrompt;
  onClose?: () => void;
}

/** A gated action's prompt, translated, with a link to the change-plan page. */
export function UpgradePrompt({ prompt, onClose }: UpgradePromptProps) {
  const { t } = useTranslation();
  const hidden = useContext(BillingHiddenContext);
  return (
    <Alert.Root status="warning" borderRadius="xl" data-testid="upgrade-prompt" data-prompt={prompt} alignItems="center" flexWrap="wrap">
      <Alert.Indicator />
      <Alert.Content minW="40">
        <Alert.Title>{t(`billing.prompts.${prompt}`)}</Alert.Title>
        <Alert.Description>{hidden ? t('billing.limitExceeded') : t('billing.promptBody')}</Alert.Description>
      </Alert.Content>
      {hidden ? null : (
        <Button asChild size="sm" colorPalette="orange" data-testid="upgrade-prompt-link">
          <RouterLink to={CHANGE_PLAN_PATH}>
            <RocketIcon />
            {t('billing.changePlan')}
          </RouterLink>
        </Button>
      )}
      {onClose ? <CloseButton size="sm" onClick={onClose} aria-label={t('common.close')} /> : null}
    </Alert.Root>
  );
}
