import { Button, Link, Skeleton, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { RocketIcon } from '@/components/icons';
import { Pager } from '@/components/pager';
import { EmptyState, ListToolbar, LoadError, PageHeader } from '@/components/ui/list-page';
import { useDocumentTitle } from '@/components/use-document-title';
import { useListParams } from '@/lib/list-params';
import { usePageSelection } from '@/lib/page-selection';
import type { PushedProduct } from '@/types/push';
import { SyncButton } from '@/components/ui/sync-button';
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
  /** Changes when a push took the selected rows: the selection is cleared. */
  selectionKey?: number;
}

const byLabel = (_: string, fallback: string) => fallback;

/** /app/products-center: the pushed products, each destination's push and sync state, push again, sync log. */
export function ProductCenterPage({ onPushAgain, labelOf = byLabel, selectionKey }: ProductCenterPageProps) {
  const { t } = useTranslation();
  const list = useListParams();
  const { page, keyword } = list;
  const { data, error, isLoading, mutate } = usePushedProducts(page, keyword);
  const refresh = useRefreshPushed();
  const sync = useSyncNow(() => void refresh());
  const [logFor, setLogFor] = useState<PushedProduct | null>(null);
  useDocumentTitle(t('pages.productCenter'));

  const items = data?.items ?? [];
  const selection = usePageSelection(items, selectionKey);
  const count = selection.count;

  return (
    <Stack gap="5" maxW="7xl" data-testid="product-center-page">
      <PageHeader title={t('pages.productCenter')} subtitle={t('productCenter.subtitle')}>
        {/* The phone's tab bar (spec section 2) has no Import list: this is its way there. */}
        <Link asChild fontSize="sm" color="teal.700">
          <RouterLink to="/app/products-import" data-testid="import-list-link">
            {t('productCenter.goToImportList')}
          </RouterLink>
        </Link>
        <Link asChild fontSize="sm" color="teal.700">
          <RouterLink to={AUTO_UPDATE_PATH} data-testid="auto-update-link">
            {t('productCenter.autoUpdateSettings')}
          </RouterLink>
        </Link>
        <SyncButton
          syncing={sync.syncing}
          onStart={() => void sync.start(selection.ids)}
          label={count > 0 ? t('productCenter.syncSelected', { count }) : t('productCenter.syncNow')}
          disabled={items.length === 0}
          testId="product-center-sync"
        />
      </PageHeader>
      <ListToolbar testId="pushed" texts="productCenter" list={list} selection={selection}>
        <Button
          size="sm"
          colorPalette="teal"
          variant="outline"
          onClick={() => onPushAgain(selection.rows())}
          data-testid="pushed-bulk-push-again"
        >
          <RocketIcon />
          {t('productCenter.pushAgainSelected', { count })}
        </Button>
      </ListToolbar>
      {error ? (
        <LoadError testId="pushed-error" message={error.message || t('productCenter.loadFailed')} onRetry={() => void mutate()} />
      ) : null}
      <Stack gap="2" data-testid="pushed-rows" aria-busy={isLoading}>
        {isLoading && !data ? [1, 2, 3].map((i) => <Skeleton key={i} h="24" borderRadius="lg" />) : null}
        {items.map((product) => (
          <PushedRow
            key={product.id}
            product={product}
            selected={selection.has(product.id)}
            onSelect={(on) => selection.select(product, on)}
            onPushAgain={() => onPushAgain([product])}
            onSyncLog={() => setLogFor(product)}
            labelOf={labelOf}
            display={data?.display}
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
        <Pager page={page} pageSize={PUSHED_PAGE_SIZE} total={data.total} onChange={(p) => list.go({ page: p })} testId="pushed-pager" />
      ) : null}
      <SyncLogDrawer product={logFor} labelOf={labelOf} onClose={() => setLogFor(null)} />
    </Stack>
  );
}
