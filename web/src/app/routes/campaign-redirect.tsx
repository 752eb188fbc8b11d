import { Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { env } from '@/lib/env';

/** Replaces the page with an external address (kept in one place so tests can stub it). */
export const externalNavigation = {
  go(url: string) {
    window.location.replace(url);
  },
};

/** Any path containing /campaign: sends the browser to the partners page of the marketing site. */
export function CampaignRedirect() {
  const { t } = useTranslation();
  useEffect(() => {
    externalNavigation.go(env.partnersUrl);
  }, []);
  return (
    <Center minH="60vh" data-testid="campaign-redirect" data-href={env.partnersUrl}>
      <Stack align="center" gap="3">
        <Spinner color="teal.600" />
        <Text>{t('common.redirecting')}</Text>
      </Stack>
    </Center>
  );
}
