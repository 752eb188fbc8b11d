import { Alert, Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { RocketIcon } from '@/components/icons';
import { useIsMobile } from '@/lib/use-media-query';

interface QuotaBannerProps {
  /** Usage after the push (usage plus total_push). */
  usage: number;
  limit: number;
  /** The plan page; null when billing is hidden ("Limit quota exceeded" instead). */
  upgradePath: string | null;
  onNavigate?: () => void;
}

/**
 * YouHaveExceededYourListingProductQuota with usage and limit, and UpgradeNow (with
 * YourCurrentPlanNeedsToBeUpgraded on desktop) (spec section 8).
 */
export function QuotaBanner({ usage, limit, upgradePath, onNavigate }: QuotaBannerProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  return (
    <Alert.Root
      status="warning"
      borderRadius="lg"
      alignItems="center"
      data-testid="push-quota-banner"
      data-usage={usage}
      data-limit={limit}
    >
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('push.quota.title')}</Alert.Title>
        <Alert.Description>
          <span data-testid="push-quota-usage" dir="ltr">
            {t('push.quota.usage', { usage, limit })}
          </span>
          {upgradePath && !isMobile ? ` ${t('push.quota.needsUpgrade')}` : null}
          {upgradePath ? null : ` ${t('push.quota.limitExceeded')}`}
        </Alert.Description>
      </Alert.Content>
      {upgradePath ? (
        <Button asChild size="sm" colorPalette="orange" flexShrink={0} data-testid="push-quota-upgrade">
          <RouterLink to={upgradePath} onClick={onNavigate}>
            <RocketIcon />
            {t('push.quota.upgradeNow')}
          </RouterLink>
        </Button>
      ) : null}
    </Alert.Root>
  );
}
