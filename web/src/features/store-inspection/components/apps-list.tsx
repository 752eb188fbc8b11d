import { Badge, Box, HStack, Link, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { DetectedApp } from '../api/inspect';
import { orderApps } from '../lib/format';
import { SectionCard } from '@/components/ui/section-card';

/** Third-party storefront apps detected on the page. */
export function AppsList({ apps }: { apps: readonly DetectedApp[] }) {
  const { t } = useTranslation();
  const list = orderApps(apps);
  return (
    <SectionCard title={t('inspection.apps', { count: list.length })} level="h3" p="5" testId="inspection-apps">
      {list.length === 0 ? <Text color="fg.muted">{t('inspection.noApps')}</Text> : null}
      {list.map((app) => (
        <Box key={app.name} borderTopWidth="1px" pt="3" data-testid="inspection-app">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold" data-testid="inspection-app-name">
              {app.name}
            </Text>
            {app.category ? (
              <Badge colorPalette="blue" variant="subtle">
                {app.category}
              </Badge>
            ) : null}
            {app.own_brand ? <Badge colorPalette="teal">{t('inspection.ownBrand')}</Badge> : null}
          </HStack>
          {app.short_description ? (
            <Text fontSize="sm" color="fg.muted" mt="1">
              {app.short_description}
            </Text>
          ) : null}
          {app.long_description ? (
            <Text fontSize="xs" color="fg.subtle" mt="1" lineClamp={2}>
              {app.long_description}
            </Text>
          ) : null}
          <HStack gap="4" mt="1" fontSize="sm">
            {app.app_store_url ? (
              <Link href={app.app_store_url} target="_blank" rel="noopener noreferrer" color="teal.700">
                {t('inspection.appStore')}
              </Link>
            ) : null}
            {app.website_url ? (
              <Link href={app.website_url} target="_blank" rel="noopener noreferrer" color="teal.700">
                {t('inspection.website')}
              </Link>
            ) : null}
          </HStack>
        </Box>
      ))}
    </SectionCard>
  );
}
