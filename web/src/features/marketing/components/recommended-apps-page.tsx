import { Badge, Box, Button, HStack, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ExternalIcon } from '@/components/icons';
import { useDocumentTitle } from '@/components/use-document-title';
import type { KnownApp } from '@/types/api.gen';
import { useRecommendedApps } from '../api/recommended-apps';
import { groupApps } from '../lib/group-apps';

function AppCard({ app }: { app: KnownApp }) {
  const { t } = useTranslation();
  return (
    <Stack bg="bg" borderWidth="1px" borderRadius="xl" p="5" gap="2" data-testid="recommended-app">
      <HStack gap="2" wrap="wrap">
        <Heading as="h3" size="sm" dir="auto">
          {app.name}
        </Heading>
        {app.own_brand ? <Badge colorPalette="teal">{t('marketing.apps.ours')}</Badge> : null}
      </HStack>
      {/* The catalogue's texts are in English: dir="auto" keeps them left to right on an Arabic page. */}
      <Text fontSize="sm" color="fg.muted" flex="1" dir="auto" textAlign="start">
        {app.short_description}
      </Text>
      <HStack gap="2" wrap="wrap">
        {app.app_store_url ? (
          <Button asChild size="xs" variant="outline">
            <a href={app.app_store_url} target="_blank" rel="noopener noreferrer">
              {t('marketing.apps.appStore')}
              <ExternalIcon boxSize="3" />
            </a>
          </Button>
        ) : null}
        {app.website_url ? (
          <Button asChild size="xs" variant="ghost">
            <a href={app.website_url} target="_blank" rel="noopener noreferrer">
              {t('marketing.apps.website')}
              <ExternalIcon boxSize="3" />
            </a>
          </Button>
        ) : null}
      </HStack>
    </Stack>
  );
}

/** `/recommended/apps`: the storefront apps Dropline knows, its own first, then by category. */
export function RecommendedAppsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.recommendedApps'));
  const { data, error, isLoading, mutate } = useRecommendedApps();
  const groups = groupApps(data?.apps ?? []);
  return (
    <Box data-testid="recommended-apps-page" py={{ base: '8', md: '12' }}>
      <Stack gap="2" maxW="3xl" mb="8">
        <Heading as="h1" size={{ base: '2xl', md: '4xl' }} data-testid="page-title">
          {t('pages.recommendedApps')}
        </Heading>
        <Text color="fg.muted">{t('marketing.apps.subtitle')}</Text>
      </Stack>
      {error ? (
        <Stack align="start" gap="3" data-testid="recommended-apps-error">
          <Text>{t('marketing.apps.loadError')}</Text>
          <Button colorPalette="teal" onClick={() => void mutate()}>
            {t('common.retry')}
          </Button>
        </Stack>
      ) : null}
      {isLoading ? <Text color="fg.muted">{t('common.loading')}</Text> : null}
      <Stack gap="10">
        {groups.map((group) => (
          <Stack key={group.key} as="section" gap="4" data-testid={`apps-group-${group.key}`}>
            <Heading as="h2" size="lg">
              {group.own
                ? t('marketing.apps.oursTitle')
                : group.category
                  ? t(`marketing.apps.categories.${group.key}`, { defaultValue: group.category })
                  : t('marketing.apps.other')}
            </Heading>
            <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
              {group.apps.map((app) => (
                <AppCard key={app.name} app={app} />
              ))}
            </SimpleGrid>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
