import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/components/use-document-title';
import { displayName, firstTimeInApp, useAccount } from '@/features/account';
import { QuickStartGuide } from '@/features/quick-start';
import { STORAGE_KEYS, readItem, writeItem } from '@/lib/storage';

/** POST auth/first-time-in-app once, on the account's first visit to the dashboard. */
function useFirstVisit(accountId: string | undefined) {
  useEffect(() => {
    if (!accountId) return;
    const key = `${STORAGE_KEYS.firstVisitDone}.${accountId}`;
    if (readItem(key)) return;
    writeItem(key, new Date().toISOString());
    void firstTimeInApp(accountId);
  }, [accountId]);
}

export function HomePage() {
  const { t } = useTranslation();
  const { data: account } = useAccount();
  useDocumentTitle(t('pages.home'));
  useFirstVisit(account?.id);
  return (
    <Stack gap="6" maxW="4xl" data-testid="home-page">
      <Box>
        <Heading as="h1" size="2xl" data-testid="home-greeting">
          {account ? t('home.greeting', { name: account.first_name || displayName(account) }) : t('pages.home')}
        </Heading>
        <Text color="fg.muted" mt="1">
          {t('home.subtitle')}
        </Text>
      </Box>
      <QuickStartGuide />
    </Stack>
  );
}
