import { HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadError } from '@/components/ui/list-page';
import { useSearchParams } from 'react-router';
import { Pager } from '@/components/pager';
import { useDocumentTitle } from '@/components/use-document-title';
import { DEFAULT_SHIP_TO } from '@/lib/countries';
import { env } from '@/lib/env';
import { useIsMobile } from '@/lib/use-media-query';
import { pageParam } from '@/lib/list-params';
import { BackLink } from '@/components/ui/back-link';
import { FAVOURITE_PAGE_SIZE, useFavouriteProducts, useFavourites } from '../api/products';
import { productKey } from '../lib/query';
import type { FindProductPageProps } from './find-product-page';
import { ProductGrid } from './product-grid';
import { QuotaPrompt } from './quota-prompt';
import { useCardImports } from './use-card-imports';

/** /app/find-product/favorite-supplier: the favourite products as cards (GET center/products/favourite). */
export function FavouritesPage({ upgradePath, onImported }: FindProductPageProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = pageParam(params);
  const isMobile = useIsMobile();
  const { data, error, isLoading, mutate } = useFavouriteProducts(page);
  const favourites = useFavourites();
  const { imports, quota, closeQuota, top } = useCardImports(onImported);
  useDocumentTitle(t('pages.favoriteSuppliers'));
  const items = data?.items ?? [];

  return (
    <Stack ref={top} scrollMarginTop="20" gap="5" maxW="8xl" data-testid="favourites-page">
      <BackLink to="/app/find-product" label={t('pages.findProduct')} />
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Heading as="h1" size="2xl" data-testid="page-title">
          {t('pages.favoriteSuppliers')}
        </Heading>
        {data ? (
          <Text fontSize="sm" color="fg.muted" data-testid="favourites-total">
            {t('findProduct.results', { count: data.total })}
          </Text>
        ) : null}
      </HStack>
      {quota ? <QuotaPrompt upgradePath={upgradePath} onClose={closeQuota} /> : null}
      {error ? (
        <LoadError
          testId="favourites-error"
          message={error.message || t('findProduct.favourites.loadFailed')}
          onRetry={() => void mutate()}
        />
      ) : null}
      {data && items.length === 0 ? (
        <EmptyState
          testId="favourites-empty"
          message={t('findProduct.favourites.empty')}
          action={{ label: t('importList.findProducts'), to: '/app/find-product' }}
        />
      ) : null}
      {error ? null : (
        <ProductGrid
          items={items}
          loading={isLoading && !data}
          skeletons={isMobile ? 6 : 10}
          shipTo={DEFAULT_SHIP_TO}
          newTab={!isMobile && !env.isEmbedded}
          stateOf={imports.stateOf}
          favourites={favourites.ids}
          onImport={(card) => void imports.start(card, card.ship_to || DEFAULT_SHIP_TO)}
          onFavourite={(card) => void favourites.toggle(productKey(card))}
        />
      )}
      {data ? (
        <Pager
          page={page}
          pageSize={FAVOURITE_PAGE_SIZE}
          total={data.total}
          onChange={(p) => setParams(p > 1 ? { page: String(p) } : {})}
          testId="favourites-pager"
        />
      ) : null}
    </Stack>
  );
}
