import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { BoxIcon } from '@/components/icons';
import { sourceName } from '@/lib/sources';
import type { StoreProduct } from '@/types/mapping';
import { ProductThumb } from '@/components/ui/product-thumb';
import { optionsText } from '../lib/mapping';
import { mapPath } from '../lib/paths';

/** A store product of the Unmapped or Mapped tab; mapped rows list each variant's suppliers by priority. */
export function StoreProductRow({ product }: { product: StoreProduct }) {
  const { t } = useTranslation();
  const mappedVariants = product.variants.filter((v) => v.suppliers.length > 0);
  return (
    <Stack
      gap="3"
      bg="bg"
      borderWidth="1px"
      borderRadius="xl"
      p="3"
      data-testid="store-product-row"
      data-id={product.id}
      data-title={product.title}
    >
      <HStack gap="3" align="start">
        <ProductThumb src={product.image} fallback={<BoxIcon color="fg.subtle" />} />
        <Stack gap="0.5" flex="1" minW="0">
          <Text fontWeight="semibold" truncate data-testid="store-product-title">
            {product.title}
          </Text>
          <HStack gap="2" fontSize="sm" color="fg.muted" wrap="wrap">
            <Text data-testid="store-product-variants">{t('mapping.variantCount', { count: product.variants.length })}</Text>
            {product.mapped ? (
              <Badge colorPalette="teal" size="sm">
                {t('mapping.mappedCount', { mapped: mappedVariants.length, total: product.variants.length })}
              </Badge>
            ) : null}
          </HStack>
        </Stack>
        <Button asChild size="sm" colorPalette="teal" variant={product.mapped ? 'outline' : 'solid'}>
          <RouterLink to={mapPath(product.id)} data-testid="store-product-map">
            {product.mapped ? t('mapping.edit') : t('mapping.map')}
          </RouterLink>
        </Button>
      </HStack>
      {mappedVariants.length > 0 ? (
        <Stack gap="2" ps={{ base: '0', md: '17' }} data-testid="store-product-suppliers">
          {mappedVariants.map((variant) => (
            <Stack key={variant.id} gap="1" fontSize="sm" data-testid="mapped-variant" data-variant={variant.id}>
              <Text color="fg.muted">{variant.title || optionsText(variant.options) || variant.sku}</Text>
              {[...variant.suppliers]
                .sort((a, b) => a.priority - b.priority)
                .map((s) => (
                  <HStack
                    key={`${s.priority}-${s.source}-${s.source_product_id}-${s.sku_id}`}
                    gap="2"
                    data-testid="mapped-supplier"
                    data-priority={s.priority}
                    data-source={s.source}
                    data-product={s.source_product_id}
                  >
                    <Badge size="sm" variant="outline">
                      {t('mapping.priority', { priority: s.priority })}
                    </Badge>
                    <Text>{sourceName(s.source)}</Text>
                    <Text color="fg.muted" truncate>
                      {s.source_product_id} · {s.sku_id}
                    </Text>
                  </HStack>
                ))}
            </Stack>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
