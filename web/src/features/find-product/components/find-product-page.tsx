import { Box, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { HeartIcon } from '@/components/icons';
import { Pager } from '@/components/pager';
import { useDocumentTitle } from '@/components/use-document-title';
import { useRefreshOnVisible } from '@/lib/use-refresh-on-visible';
import { env } from '@/lib/env';
import { useIsMobile } from '@/lib/use-media-query';
import { LoadError } from '@/components/ui/list-page';
import { useCategories, useCollections, useFavourites, useFindProducts } from '../api/products';
import {
  FAVOURITES_PATH,
  type FindFilters,
  PAGE_SIZE,
  activeFilterCount,
  filtersFromParams,
  findQuery,
  paramsFromFilters,
  productKey,
  withFilter,
} from '../lib/query';
import { FiltersBar } from './filters-bar';
import { ProductGrid } from './product-grid';
import { QuotaPrompt } from './quota-prompt';
import { useCardImports } from './use-card-imports';
import { SearchBox } from './search-box';
import { ShipToPicker } from './ship-to-picker';
import { SortSourceMenu } from './sort-source-menu';

export interface FindProductPageProps {
  /** The plan-choosing page, or null when billing is hidden. */
  upgradePath: string | null;
  /** Runs after a successful import (refresh the plan usage and the import-list badge). */
  onImported?: () => void;
  /** Runs after one batch imported several products (the feedback widget follows it). */
  onMultiImported?: (count: number) => void;
}

/** /app/find-product and /app/find-product/{collectionId}: search, filter, sort and import supplier products. */
export function FindProductPage({ upgradePath, onImported, onMultiImported }: FindProductPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { collectionId } = useParams();
  const collection = collectionId ?? null;
  const [params, setParams] = useSearchParams();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filters = filtersFromParams(params);
  const isMobile = useIsMobile();
  const { data, error, isLoading, mutate } = useFindProducts(filters, collection);
  // Back from another tab: imports made there show here.
  useRefreshOnVisible(mutate);
  const { data: collections } = useCollections();
  const { data: categories } = useCategories();
  const favourites = useFavourites();
  const { imports, quota, closeQuota, top } = useCardImports(onImported);

  const collectionName = collection ? (collections?.collections.find((c) => c.slug === collection)?.name ?? collection) : null;
  const title = collection
    ? t(`findProduct.collections.${collection}`, { defaultValue: collectionName ?? collection })
    : t('pages.findProduct');
  useDocumentTitle(title);

  // Menus and popovers may call back with the props of an earlier render, and two changes may
  // come before the next render: each change starts from the latest filters.
  const latest = useRef(filters);
  latest.current = filters;
  const apply = (next: FindFilters) => {
    latest.current = next;
    setParams(paramsFromFilters(next));
  };
  const update = (change: Partial<FindFilters>) => apply(withFilter(latest.current, change));
  const setPage = (page: number) => {
    apply({ ...latest.current, page });
    top.current?.scrollIntoView?.({ block: 'start' });
  };
  const chooseCollection = (slug: string | null) =>
    navigate({
      pathname: slug ? `/app/find-product/${encodeURIComponent(slug)}` : '/app/find-product',
      search: paramsFromFilters({ ...latest.current, page: 1 }).toString(),
    });

  const items = data?.items ?? [];
  // Cards that can still be imported: "Import all" takes them in one batch.
  const importable = items.filter((p) => {
    const state = imports.stateOf(p).status;
    return state === 'idle' || state === 'error';
  });
  const importAll = async () => {
    const count = await imports.startMany(importable, filters.shipTo);
    if (count > 1) onMultiImported?.(count);
  };
  return (
    <Stack
      ref={top}
      scrollMarginTop="20"
      gap="5"
      maxW="8xl"
      data-testid="find-product-page"
      data-collection={collection ?? ''}
      // The query whose results are shown, and whether they are in: browser tests wait on these.
      data-query={findQuery(filters).toString()}
      data-state={error ? 'error' : isLoading || !data ? 'loading' : 'ready'}
    >
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Heading as="h1" size="2xl" data-testid="page-title">
          {title}
        </Heading>
        <Button asChild size="sm" variant="outline" colorPalette="red">
          <RouterLink to={FAVOURITES_PATH} data-testid="favourites-link">
            <HeartIcon />
            {t('pages.favoriteSuppliers')}
          </RouterLink>
        </Button>
      </HStack>
      {quota ? <QuotaPrompt upgradePath={upgradePath} onClose={closeQuota} /> : null}
      <SearchBox keyword={filters.keyword} onSearch={(keyword) => update({ keyword })} />
      <HStack gap="2" wrap="wrap">
        <SortSourceMenu
          sort={filters.sort}
          source={filters.source}
          onSort={(sort) => update({ sort })}
          onSource={(source) => update({ source })}
        />
        <ShipToPicker value={filters.shipTo} onChange={(shipTo) => update({ shipTo })} />
        {importable.length > 1 ? (
          <Button size="sm" colorPalette="teal" variant="outline" onClick={() => void importAll()} data-testid="find-import-all">
            {t('findProduct.importAll', { count: importable.length })}
          </Button>
        ) : null}
        {data ? (
          <Text fontSize="sm" color="fg.muted" ms="auto" data-testid="find-total">
            {t('findProduct.results', { count: data.total })}
          </Text>
        ) : null}
      </HStack>
      {/* On a phone the filters fold behind one button, so the first screen shows products. */}
      <Button
        hideFrom="md"
        size="sm"
        variant="outline"
        alignSelf="start"
        onClick={() => setFiltersOpen((o) => !o)}
        aria-expanded={filtersOpen}
        data-testid="find-filters-toggle"
      >
        {t('findProduct.filters.toggle', { count: activeFilterCount(filters) + (collection ? 1 : 0) })}
      </Button>
      <Box display={{ base: filtersOpen ? 'block' : 'none', md: 'block' }} data-testid="find-filters-panel">
        <FiltersBar
          filters={filters}
          onChange={update}
          collections={collections?.collections ?? []}
          categories={categories?.categories ?? []}
          collection={collection}
          onCollection={chooseCollection}
        />
      </Box>
      {error ? (
        <LoadError testId="find-error" message={t('findProduct.loadFailed')} detail={error.message} onRetry={() => void mutate()} />
      ) : null}
      {!error && data && items.length === 0 ? (
        <Box bg="bg" borderWidth="1px" borderStyle="dashed" borderRadius="xl" p="8" textAlign="center" data-testid="find-empty">
          <Text fontWeight="semibold">{t('findProduct.empty')}</Text>
          <Text color="fg.muted" fontSize="sm">
            {t('findProduct.emptyHint')}
          </Text>
        </Box>
      ) : null}
      {error ? null : (
        <ProductGrid
          items={items}
          loading={isLoading && !data}
          skeletons={isMobile ? 6 : PAGE_SIZE}
          shipTo={filters.shipTo}
          newTab={!isMobile && !env.isEmbedded}
          stateOf={imports.stateOf}
          favourites={favourites.ids}
          onImport={(card) => void imports.start(card, card.ship_to || filters.shipTo)}
          onFavourite={(card) => void favourites.toggle(productKey(card))}
        />
      )}
      {data ? (
        <Pager page={filters.page} pageSize={data.page_size || PAGE_SIZE} total={data.total} onChange={setPage} testId="find-pager" />
      ) : null}
    </Stack>
  );
}
