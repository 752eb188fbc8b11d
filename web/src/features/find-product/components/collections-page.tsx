import { Box, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { useCollections } from '../api/products';

/** /app/find-product/collection: the promotional collections, each leading to its products. */
export function CollectionsPage() {
  const { t } = useTranslation();
  const { data, isLoading } = useCollections();
  useDocumentTitle(t('pages.collections'));
  return (
    <Stack gap="5" maxW="6xl" data-testid="collections-page">
      <Heading as="h1" size="2xl" data-testid="page-title">
        {t('pages.collections')}
      </Heading>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        {isLoading ? [1, 2, 3, 4].map((i) => <Skeleton key={i} h="24" borderRadius="xl" />) : null}
        {(data?.collections ?? []).map((c) => (
          <Box
            asChild
            key={c.slug}
            bg="bg"
            borderWidth="1px"
            borderRadius="xl"
            p="5"
            _hover={{ borderColor: 'teal.500' }}
            data-testid={`collection-${c.slug}`}
          >
            <RouterLink to={`/app/find-product/${encodeURIComponent(c.slug)}`}>
              <Text fontWeight="semibold">{t(`findProduct.collections.${c.slug}`, { defaultValue: c.name })}</Text>
              <Text fontSize="sm" color="fg.muted">
                {t('findProduct.browseCollection')}
              </Text>
            </RouterLink>
          </Box>
        ))}
      </SimpleGrid>
      {data && data.collections.length === 0 ? <Text color="fg.muted">{t('findProduct.noCollections')}</Text> : null}
    </Stack>
  );
}
