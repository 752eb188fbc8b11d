import { Box, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { SectionCard } from '@/components/ui/section-card';
import type { InspectedProduct } from '../api/inspect';
import { priceRange, productImage } from '../lib/format';

/** Products read from the store's public catalogue. */
export function ProductsGrid({ products, currency }: { products: readonly InspectedProduct[]; currency?: string | null }) {
  const { t } = useTranslation();
  const locale = currentLanguage();
  return (
    <SectionCard title={t('inspection.products', { count: products.length })} level="h3" p="5" testId="inspection-products">
      {products.length === 0 ? <Text color="fg.muted">{t('inspection.noProducts')}</Text> : null}
      <SimpleGrid columns={{ base: 2, md: 3 }} gap="3">
        {products.map((p) => {
          const src = productImage(p);
          return (
            <Stack key={String(p.id)} gap="1.5" data-testid="inspection-product">
              <Box aspectRatio={1} bg="bg.muted" borderRadius="md" overflow="hidden">
                {src ? <Image src={src} alt={p.title} w="full" h="full" objectFit="cover" loading="lazy" /> : null}
              </Box>
              <Text fontSize="sm" fontWeight="medium" lineClamp={2}>
                {p.title}
              </Text>
              <Text fontSize="sm" color="fg.muted" dir="ltr" textAlign="start">
                {priceRange(p, currency, locale)}
              </Text>
            </Stack>
          );
        })}
      </SimpleGrid>
    </SectionCard>
  );
}
