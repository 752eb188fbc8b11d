import { Button, Link, Skeleton, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { RefreshIcon, RocketIcon } from '@/components/icons';
import { Pager } from '@/components/pager';
import { EmptyState, LoadError, PageHeader, SearchBox, SelectionBar } from '@/components/ui/list-page';
import { useDocumentTitle } from '@/components/use-document-title';
import type { PushedProduct } from '@/types/push';
import { PUSHED_PAGE_SIZE, usePushedProducts, useRefreshPushed } from '../api/product-center';
import { useSyncNow } from '../api/use-sync-now';
import { PushedRow } from './pushed-row';
import { SyncLogDrawer } from './sync-log-drawer';

export const AUTO_UPDATE_PATH = '/app/products/auto-update';

export interface ProductCenterPageProps {
  /** Opens the push modal in update mode for these products. */
  onPushAgain: (products: PushedProduct[]) => void;
  /** Destination key → what to call it (a store's name); `fallback` is the API's label. */
  labelOf?: (destination: string, fallback: string) => string;
}

const byLabel = (_: string, fallback: string) => fallback;

/** /app/products-center: the pushed products, each destination's push and sync state, push again, sync log. */
export function ProductCenterPage({ onPushAgain, labelOf = byLabel }: ProductCenterPageProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const keyword = params.get('keyword') ?? '';
  const [search, setSearch] = useState(keyword);
  const { data, error, isLoading, mutate } = usePushedProducts(page, keyword);
  const refresh = useRefreshPushed();
  const sync = useSyncNow(() => void refresh());
  const [selected, setSelected] = useState<Map<string, PushedProduct>>(new Map());
  const [logFor, setLogFor] = useState<PushedProduct | null>(null);
  useDocumentTitle(t('pages.productCenter'));

  const items = data?.items ?? [];
  const chosen = [...selected.values()];
  const allOnPage = items.length > 0 && items.every((i) => selected.has(i.id));
  const someOnPage = items.some((i) => selected.has(i.id));

  const go = (next: { page?: number; keyword?: string }) => {
    const q = new URLSearchParams();
    const kw = next.keyword ?? keyword;
    if (kw) q.set('keyword', kw);
    if ((next.page ?? 1) > 1) q.set('page', String(next.page));
    setParams(q);
  };
  const select = (products: PushedProduct[], on: boolean) =>
    setSelected((s) => {
      const next = new Map(s);
      for (const p of products) {
        if (on) next.set(p.id, p);
        else next.delete(p.id);
      }
      return next;
    });

  return (
    <Stack gap="5" maxW="7xl" data-testid="product-center-page">
      <PageHeader title={t('pages.productCenter')} subtitle={t('productCenter.subtitle')}>
        <Link asChild fontSize="sm" color="teal.700">
          <RouterLink to={AUTO_UPDATE_PATH} data-testid="auto-update-link">
            {t('productCenter.autoUpdateSettings')}
          </RouterLink>
        </Link>
        <Button
          variant="outline"
          colorPalette="teal"
          onClick={() => void sync.start(chosen.map((p) => p.id))}
          loading={sync.syncing}
          disabled={items.length === 0}
          data-testid="product-center-sync"
          data-syncing={sync.syncing}
        >
          <RefreshIcon />
          {chosen.length > 0 ? t('productCenter.syncSelected', { count: chosen.length }) : t('productCenter.syncNow')}
        </Button>
      </PageHeader>
      <SearchBox
        value={search}
        onChange={setSearch}
        onSearch={(keyword) => go({ keyword, page: 1 })}
        placeholder={t('productCenter.searchPlaceholder')}
        testId="pushed-search"
      />
      {items.length > 0 ? (
        <SelectionBar
          testId="pushed"
          state={allOnPage ? 'all' : someOnPage ? 'some' : 'none'}
          onToggle={(on) => select(items, on)}
          label={chosen.length > 0 ? t('productCenter.selected', { count: chosen.length }) : t('productCenter.selectAll')}
        >
          {chosen.length > 0 ? (
            <Button
              size="sm"
              colorPalette="teal"
              variant="outline"
              onClick={() => onPushAgain(chosen.map((p) => items.find((i) => i.id === p.id) ?? p))}
              data-testid="pushed-bulk-push-again"
            >
              <RocketIcon />
              {t('productCenter.pushAgainSelected', { count: chosen.length })}
            </Button>
          ) : null}
        </SelectionBar>
      ) : null}
      {error ? (
        <LoadError testId="pushed-error" message={error.message || t('productCenter.loadFailed')} onRetry={() => void mutate()} />
      ) : null}
      <Stack gap="2" data-testid="pushed-rows" aria-busy={isLoading}>
        {isLoading && !data ? [1, 2, 3].map((i) => <Skeleton key={i} h="24" borderRadius="lg" />) : null}
        {items.map((product) => (
          <PushedRow
            key={product.id}
            product={product}
            selected={selected.has(product.id)}
            onSelect={(on) => select([product], on)}
            onPushAgain={() => onPushAgain([product])}
            onSyncLog={() => setLogFor(product)}
            labelOf={labelOf}
          />
        ))}
      </Stack>
      {data && items.length === 0 ? (
        <EmptyState
          testId="pushed-empty"
          message={keyword ? t('productCenter.noMatch') : t('productCenter.empty')}
          action={{ label: t('productCenter.goToImportList'), to: '/app/products-import' }}
        />
      ) : null}
      {data ? (
        <Pager page={page} pageSize={PUSHED_PAGE_SIZE} total={data.total} onChange={(p) => go({ page: p })} testId="pushed-pager" />
      ) : null}
      <SyncLogDrawer product={logFor} labelOf={labelOf} onClose={() => setLogFor(null)} />
    </Stack>
  );
}
