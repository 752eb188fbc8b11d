import { Button, Center, Stack, Text } from '@chakra-ui/react';
import { Suspense, lazy, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { PageSpinner } from '@/components/page-states';
import { BillingHiddenContext } from '@/components/upgrade-prompt';
import { LanguageSelector, UserMenu, isBillingHidden, useAccount, useStatistic } from '@/features/account';
import { UpgradeButton, UsagePopover, isOutOfQuota, useCurrentPlan } from '@/features/billing';
import { StoreSelector } from '@/features/channels';
import { AppSwitcher, DashboardLayout, mobileTabs, settingsMenuItems, sideNavGroups } from '@/features/layout';
import { NotificationBell } from '@/features/notifications';
import { WorkplaceSelector, useWorkplaceSelection } from '@/features/workplaces';
import { env } from '@/lib/env';
import { changeLanguage, isSupportedLanguage } from '@/lib/i18n';
import { useIsMobile } from '@/lib/use-media-query';

/** The push toast, in the chunk of the product pages (see push-toast-host.tsx). */
const PushToastHost = lazy(() => import('./push-toast-host'));
/** The placement toast, in the chunk of the order pages (see placement-toast-host.tsx). */
const PlacementToastHost = lazy(() => import('./placement-toast-host'));

/** The account's saved language is applied once per page load (it is also applied at sign-in). */
let languageAppliedFor: string | null = null;

/** Signed-in frame: loads the account, then composes the layout with the account-aware features. */
export function AppShell() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isMobile = useIsMobile();
  const { data: account, error, mutate } = useAccount();
  const workplace = useWorkplaceSelection(account?.workplaces);
  const ready = Boolean(account);
  const { data: statistic } = useStatistic(ready);
  const { data: plan } = useCurrentPlan(ready);

  useEffect(() => {
    if (!account || languageAppliedFor === account.id) return;
    languageAppliedFor = account.id;
    if (isSupportedLanguage(account.language)) void changeLanguage(account.language);
  }, [account]);

  if (!account) {
    if (!error) return <PageSpinner />;
    return (
      <Center minH="60vh" data-testid="shell-error">
        <Stack align="center" gap="3">
          <Text>{t('errors.accountLoad')}</Text>
          <Button colorPalette="teal" onClick={() => void mutate()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Center>
    );
  }

  // Embedded in the Shopify admin, a workplace billed by the payment vendor is not sold a plan there.
  const embeddedWithVendor = env.isEmbedded && plan?.provider_payment !== undefined && plan.provider_payment !== 'shopify';
  const hideBilling = isBillingHidden(account, { onboarding: pathname.startsWith('/app/ob-'), embeddedWithVendor });
  const navContext = { isEmbedded: env.isEmbedded, isMobile, isHideBilling: account.is_hide_billing, hasShop: account.has_shop };
  const selector = (
    <WorkplaceSelector workplaces={workplace.workplaces} current={workplace.current} onSelect={workplace.select} compact={isMobile} />
  );

  return (
    <DashboardLayout
      isMobile={isMobile}
      nav={sideNavGroups(navContext, env.helpCenterUrl)}
      tabs={mobileTabs(navContext)}
      counts={statistic ?? {}}
      settingsMenu={settingsMenuItems({ hideBilling })}
      sideNavHeader={
        <Stack gap="2">
          {selector}
          <StoreSelector />
        </Stack>
      }
      topBarStart={isMobile && workplace.workplaces.length > 1 ? selector : undefined}
      topBarEnd={
        <>
          {hideBilling && !account.is_hide_billing ? null : (
            <UpgradeButton isFree={plan?.package.is_free} compact={isMobile} billingHidden={hideBilling} outOfQuota={isOutOfQuota(plan)} />
          )}
          {isMobile ? null : <UsagePopover plan={plan} hideBilling={hideBilling} />}
          <LanguageSelector persist />
          <NotificationBell />
          <AppSwitcher researcherUrl={env.researcherUrl} />
          <UserMenu account={account} hideBilling={hideBilling} compact={isMobile} />
        </>
      }
    >
      <BillingHiddenContext.Provider value={hideBilling}>
        <Outlet />
      </BillingHiddenContext.Provider>
      <Suspense fallback={null}>
        <PushToastHost />
      </Suspense>
      <Suspense fallback={null}>
        <PlacementToastHost />
      </Suspense>
    </DashboardLayout>
  );
}
