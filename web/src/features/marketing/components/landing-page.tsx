import { Box, Button, HStack, Heading, Stack, Text, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { Band, CardList } from './blocks';

const STEPS = ['find', 'import', 'push', 'orders'] as const;
const SOURCES = ['AliExpress', 'CJ', 'Temu', 'eBay', 'Dropline'] as const;
const PLATFORMS = ['Shopify', 'WooCommerce', 'TikTok Shop', 'Facebook', 'Google Merchant Center'] as const;

/** `/` for visitors: what Dropline does, the way from a supplier's product to a delivered parcel, and the way in. */
export function LandingPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('marketing.landing.docTitle'));
  return (
    <Box data-testid="landing-page">
      <Stack gap="5" py={{ base: '10', md: '16' }} maxW="3xl">
        <Heading as="h1" size={{ base: '3xl', md: '5xl' }} lineHeight="1.1" data-testid="page-title">
          {t('marketing.landing.title')}
        </Heading>
        <Text fontSize={{ base: 'md', md: 'lg' }} color="fg.muted">
          {t('marketing.landing.subtitle')}
        </Text>
        <HStack gap="3" wrap="wrap">
          <Button asChild colorPalette="teal" size="lg" data-testid="landing-signup">
            <RouterLink to="/signup">{t('marketing.cta.signup')}</RouterLink>
          </Button>
          <Button asChild variant="outline" size="lg" data-testid="landing-login">
            <RouterLink to="/login">{t('marketing.cta.login')}</RouterLink>
          </Button>
        </HStack>
      </Stack>
      <Band title={t('marketing.landing.stepsTitle')} testId="landing-steps">
        <CardList
          numbered
          items={STEPS.map((s) => ({
            key: s,
            title: t(`marketing.landing.steps.${s}.title`),
            body: t(`marketing.landing.steps.${s}.body`),
          }))}
        />
      </Band>
      <Band title={t('marketing.landing.sourcesTitle')} intro={t('marketing.landing.sourcesIntro')} testId="landing-sources">
        <Wrap gap="2">
          {SOURCES.map((name) => (
            <Text key={name} as="span" bg="bg" borderWidth="1px" borderRadius="full" px="3" py="1" fontSize="sm" fontWeight="medium">
              {name}
            </Text>
          ))}
        </Wrap>
      </Band>
      <Band title={t('marketing.landing.platformsTitle')} intro={t('marketing.landing.platformsIntro')} testId="landing-platforms">
        <Wrap gap="2">
          {PLATFORMS.map((name) => (
            <Text key={name} as="span" bg="bg" borderWidth="1px" borderRadius="full" px="3" py="1" fontSize="sm" fontWeight="medium">
              {name}
            </Text>
          ))}
        </Wrap>
        <HStack gap="4" wrap="wrap">
          <Button asChild variant="outline" colorPalette="teal">
            <RouterLink to="/store-dropshipping">{t('pages.storeDropshipping')}</RouterLink>
          </Button>
          <Button asChild variant="ghost" colorPalette="teal">
            <RouterLink to="/recommended/apps">{t('pages.recommendedApps')}</RouterLink>
          </Button>
        </HStack>
      </Band>
    </Box>
  );
}
