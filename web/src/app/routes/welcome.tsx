import { Box, Button, SimpleGrid, Stack } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSWRConfig } from 'swr';
import { PageHeader } from '@/components/ui/list-page';
import { useDocumentTitle } from '@/components/use-document-title';
import { markMetaSeen, useAccount } from '@/features/account';
import { ONBOARDING_PROMPT } from '@/features/auth';
import { OnboardingSteps } from '@/features/quick-start';
import { HubCard } from './hub-card';

/** `/app/ob-welcome`: the onboarding welcome: the first three things to do, the store first. */
export function WelcomePage() {
  const { t } = useTranslation();
  const { data: account } = useAccount();
  const { mutate } = useSWRConfig();
  useDocumentTitle(t('pages.welcome'));
  const unseen = (account?.remaining_meta_keys ?? []).includes(ONBOARDING_PROMPT);
  // Seen once: the next sign-up landing (another device, a social sign-in) goes home.
  useEffect(() => {
    if (unseen) void markMetaSeen(ONBOARDING_PROMPT, mutate);
  }, [unseen, mutate]);
  const hasShop = Boolean(account?.has_shop);
  return (
    <Stack gap="6" maxW="5xl" data-testid="welcome-page">
      <PageHeader
        title={account?.first_name ? t('welcome.titleNamed', { name: account.first_name }) : t('welcome.title')}
        subtitle={t('welcome.subtitle')}
      />
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <HubCard
          testId="welcome-store"
          title={t('welcome.store.title')}
          body={hasShop ? t('welcome.store.done') : t('welcome.store.body')}
          action={hasShop ? t('welcome.store.manage') : t('welcome.store.action')}
          to="/app/channel"
          done={hasShop}
        />
        <HubCard
          testId="welcome-find"
          title={t('welcome.find.title')}
          body={t('welcome.find.body')}
          action={t('welcome.find.action')}
          to="/app/find-product"
        />
        <HubCard
          testId="welcome-guide"
          title={t('welcome.guide.title')}
          body={t('welcome.guide.body')}
          action={t('welcome.guide.action')}
          to="/app/guide-line"
        />
      </SimpleGrid>
      <Box bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }}>
        <OnboardingSteps planReinstalled={Boolean(account?.plan_reinstalled)} />
      </Box>
      <Box>
        <Button asChild colorPalette="teal" data-testid="welcome-continue">
          <RouterLink to="/app">{t('welcome.continue')}</RouterLink>
        </Button>
      </Box>
    </Stack>
  );
}
