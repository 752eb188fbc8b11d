import { Badge, Box, DataList, HStack, Heading, Image, Link, SimpleGrid, Stack, Text, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ExternalIcon } from '@/components/icons';
import type { InspectionResult } from '../api/inspect';
import { AppsList } from './apps-list';
import { ProductsGrid } from './products-grid';

function External({ href, children, testId }: { href: string; children: React.ReactNode; testId?: string }) {
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" color="teal.700" data-testid={testId}>
      {children}
      <ExternalIcon boxSize="3" />
    </Link>
  );
}

/** The store's identity, theme, currency, country, logos, social links, apps and products. */
export function InspectionResultView({ result, url }: { result: InspectionResult; url: string }) {
  const { t } = useTranslation();
  const theme = result.theme;
  const themeName = theme?.name || result.themeName;
  const themeId = theme?.id ?? result.themeId;
  const themeLink = theme?.theme_store_url || result.themeUri;
  const socials = [
    ['Facebook', result.facebookUrl],
    ['X / Twitter', result.twitterUrl],
    ['Instagram', result.instagramUrl],
  ].filter((s): s is [string, string] => Boolean(s[1]));
  const logos = (result.logos ?? []).filter(Boolean);
  const site = result.shopUri || result.shopUriOrigin || url;

  return (
    <Stack gap="6" data-testid="inspection-result">
      <Box bg="bg" borderWidth="1px" borderRadius="xl" p="5">
        <HStack gap="4" align="start" wrap="wrap">
          {logos[0] ? <Image src={logos[0]} alt="" maxH="14" maxW="40" objectFit="contain" data-testid="inspection-logo" /> : null}
          <Stack gap="1" flex="1" minW="48">
            <Heading as="h2" size="xl" data-testid="inspection-shop-name">
              {result.shopName || result.title || site}
            </Heading>
            <External href={site}>
              <Text as="span" dir="ltr">
                {site}
              </Text>
            </External>
            {result.description ? (
              <Text color="fg.muted" fontSize="sm" lineClamp={3}>
                {result.description}
              </Text>
            ) : null}
          </Stack>
        </HStack>
        <DataList.Root orientation="horizontal" mt="5" size="sm" data-testid="inspection-facts">
          <DataList.Item>
            <DataList.ItemLabel>{t('inspection.theme')}</DataList.ItemLabel>
            <DataList.ItemValue data-testid="inspection-theme">
              {themeName ? (
                <HStack gap="2" wrap="wrap">
                  <Text fontWeight="semibold">{themeName}</Text>
                  {themeId ? <Badge variant="outline">{t('inspection.themeId', { id: String(themeId) })}</Badge> : null}
                  {themeLink ? <External href={themeLink}>{t('inspection.themeStore')}</External> : null}
                </HStack>
              ) : (
                t('inspection.unknown')
              )}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('inspection.currency')}</DataList.ItemLabel>
            <DataList.ItemValue data-testid="inspection-currency">{result.currencyActive || t('inspection.unknown')}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('inspection.country')}</DataList.ItemLabel>
            <DataList.ItemValue data-testid="inspection-country">{result.country || t('inspection.unknown')}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('inspection.social')}</DataList.ItemLabel>
            <DataList.ItemValue>
              {socials.length === 0 ? (
                t('inspection.none')
              ) : (
                <Wrap gap="3">
                  {socials.map(([name, href]) => (
                    <External key={name} href={href} testId={`inspection-social-${name.split(' ')[0].toLowerCase()}`}>
                      {name}
                    </External>
                  ))}
                </Wrap>
              )}
            </DataList.ItemValue>
          </DataList.Item>
          {logos.length > 1 ? (
            <DataList.Item>
              <DataList.ItemLabel>{t('inspection.logos')}</DataList.ItemLabel>
              <DataList.ItemValue>
                <Wrap gap="2">
                  {logos.map((src) => (
                    <Image key={src} src={src} alt="" maxH="8" objectFit="contain" />
                  ))}
                </Wrap>
              </DataList.ItemValue>
            </DataList.Item>
          ) : null}
        </DataList.Root>
      </Box>
      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="6" alignItems="start">
        <AppsList apps={result.appUsed ?? []} />
        <ProductsGrid products={result.products ?? []} currency={result.currencyActive} />
      </SimpleGrid>
    </Stack>
  );
}
