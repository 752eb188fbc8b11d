import { Box, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { getToken } from '@/lib/storage';
import { Band, CardList } from './blocks';

/** The store platforms, by their brand names (not translated). */
const CONNECT = { shopify: 'Shopify', woocommerce: 'WooCommerce' } as const;
const FLOW = ['push', 'orders', 'tracking'] as const;

/** `/store-dropshipping`: how Dropline works with a store: connecting it, what flows each way, and the channels behind it. */
export function StoreDropshippingPage() {
  const { t } = useTranslation();
  const signedIn = Boolean(getToken());
  useDocumentTitle(t('pages.storeDropshipping'));
  return (
    <Box data-testid="store-dropshipping-page">
      <Stack gap="4" py={{ base: '8', md: '14' }} maxW="3xl">
        <Heading as="h1" size={{ base: '2xl', md: '4xl' }} data-testid="page-title">
          {t('marketing.store.title')}
        </Heading>
        <Text fontSize={{ base: 'md', md: 'lg' }} color="fg.muted">
          {t('marketing.store.subtitle')}
        </Text>
        <HStack>
          <Button asChild colorPalette="teal" size="lg" data-testid="store-cta">
            <RouterLink to={signedIn ? '/app/channel' : '/signup'}>
              {t(signedIn ? 'marketing.cta.connect' : 'marketing.cta.signup')}
            </RouterLink>
          </Button>
        </HStack>
      </Stack>
      <Band title={t('marketing.store.connectTitle')} testId="store-connect">
        <CardList
          items={Object.entries(CONNECT).map(([p, brand]) => ({ key: p, title: brand, body: t(`marketing.store.connect.${p}.body`) }))}
        />
      </Band>
      <Band title={t('marketing.store.flowTitle')} testId="store-flow">
        <CardList
          numbered
          items={FLOW.map((f) => ({ key: f, title: t(`marketing.store.flow.${f}.title`), body: t(`marketing.store.flow.${f}.body`) }))}
        />
      </Band>
      <Band title={t('marketing.store.channelsTitle')} intro={t('marketing.store.channelsBody')} testId="store-channels">
        <Text fontSize="sm" color="fg.muted">
          {t('marketing.store.channelsList')}
        </Text>
      </Band>
    </Box>
  );
}
