import { Alert, Button, CloseButton } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { RocketIcon } from '@/components/icons';

/**
 * Import quota used up: UpgradeToContinueImportingMoreProducts with an upgrade link, or "Limit
 * quota exceeded" when billing is hidden (spec sections 6 and 8).
 */
export function QuotaPrompt({ upgradePath, onClose }: { upgradePath: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert.Root status="warning" borderRadius="xl" data-testid="quota-prompt" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('findProduct.importErrors.UpgradeToContinueImportingMoreProducts')}</Alert.Title>
        <Alert.Description>{upgradePath ? t('findProduct.quota.body') : t('findProduct.quota.limitExceeded')}</Alert.Description>
      </Alert.Content>
      {upgradePath ? (
        <Button asChild size="sm" colorPalette="orange" data-testid="quota-upgrade">
          <RouterLink to={upgradePath}>
            <RocketIcon />
            {t('findProduct.quota.upgrade')}
          </RouterLink>
        </Button>
      ) : null}
      <CloseButton size="sm" onClick={onClose} aria-label={t('common.close')} />
    </Alert.Root>
  );
}
