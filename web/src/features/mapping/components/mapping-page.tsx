import { Box, Button, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Pager } from '@/components/pager';
import { useDocumentTitle } from '@/components/use-document-title';
import { pageParam } from '@/lib/list-params';
import { PageHeader, LoadError } from '@/components/ui/list-page';
import { SyncButton } from '@/components/ui/sync-button';
import { type ListKind, PAGE_SIZE, useStoreProducts } from '../api/mapping';
import { useStoreSync } from '../api/use-sync';
import { StoreProductRow } from './store-product-row';

export interface MappingPageProps {
  /** The store selector's current shop, or null when the workplace has none. */
  storeId: string | null;
  storeName?: string | null;
  /** The stores are still loading (no store yet is not "no store"). */
  storesLoading?: boolean;
  /** Where stores are connected. */
  connectPath: string;
}

function ProductList({ kind, storeId, page, onPage }: { kind: ListKind; storeId: string; page: number; onPage: (p: number) => void }) {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useStoreProducts(kind, storeId, page);
  const items = data?.items ?? [];
  return (
    <Stack gap="3" data-testid={`${kind}-list`} aria-busy={isLoading}>
      {error ? (
        <LoadError
          testId="mapping-list-error"
          message={error.message === 'DataNotFound' ? t('mapping.errors.DataNotFound') : error.message || t('mapping.loadFailed')}
          onRetry={() => void mutate()}
        />
      ) : null}
      {isLoading && !data ? [1, 2, 3].map((i) => <Skeleton key={i} h="20" borderRadius="xl" />) : null}
      {items.map((product) => (
        <StoreProductRow key={product.id} product={product} />
      ))}
      {data && items.length === 0 ? (
        <Box bg="bg" borderWidth="1px" borderStyle="dashed" borderRadius="xl" p="8" textAlign="center" data-testid={`${kind}-empty`}>
          <Text fontWeight="semibold">{t(`mapping.empty.${kind}`)}</Text>
          <Text color="fg.muted" fontSize="sm">
            {t(`mapping.emptyHint.${kind}`)}
          </Text>
        </Box>
      ) : null}
      {data ? <Pager page={page} pageSize={PAGE_SIZE} total={data.total} onChange={onPage} testId={`${kind}-pager`} /> : null}
    </Stack>
  );
}

/** /app/products: the current store's products, unmapped and mapped to suppliers, and a sync from the store. */
export function MappingPage({ storeId, storeName, storesLoading, connectPath }: MappingPageProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: ListKind = params.get('tab') === 'mapped' ? 'mapped' : 'unmapped';
  const page = pageParam(params);
  const sync = useStoreSync(storeId);
  useDocumentTitle(t('pages.products'));

  const go = (next: { tab?: ListKind; page?: number }) => {
    const q = new URLSearchParams();
    const nextTab = next.tab ?? tab;
    if (nextTab === 'mapped') q.set('tab', 'mapped');
    if ((next.page ?? 1) > 1) q.set('page', String(next.page));
    setParams(q);
  };

  return (
    <Stack gap="5" maxW="6xl" data-testid="mapping-page" data-store={storeId ?? ''}>
      <PageHeader
        title={t('pages.products')}
        subtitle={storeName ? t('mapping.subtitleStore', { store: storeName }) : t('mapping.subtitle')}
      >
        {storeId ? (
          <SyncButton
            syncing={sync.syncing}
            onStart={() => void sync.start()}
            label={t('mapping.sync')}
            loadingText={t('mapping.syncing')}
            testId="mapping-sync"
          />
        ) : null}
      </PageHeader>
      {!storeId && !storesLoading ? (
        <Box bg="bg" borderWidth="1px" borderStyle="dashed" borderRadius="xl" p="8" textAlign="center" data-testid="mapping-no-store">
          <Text fontWeight="semibold" mb="3">
            {t('mapping.noStore')}
          </Text>
          <Button asChild colorPalette="teal">
            <RouterLink to={connectPath}>{t('mapping.connectStore')}</RouterLink>
          </Button>
        </Box>
      ) : null}
      {storeId ? (
        <Tabs.Root
          value={tab}
          onValueChange={(e) => go({ tab: e.value as ListKind })}
          variant="line"
          colorPalette="teal"
          lazyMount
          unmountOnExit
        >
          <Tabs.List>
            <Tabs.Trigger value="unmapped" data-testid="mapping-tab-unmapped">
              {t('mapping.tabs.unmapped')}
            </Tabs.Trigger>
            <Tabs.Trigger value="mapped" data-testid="mapping-tab-mapped">
              {t('mapping.tabs.mapped')}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="unmapped">
            <ProductList kind="unmapped" storeId={storeId} page={tab === 'unmapped' ? page : 1} onPage={(p) => go({ page: p })} />
          </Tabs.Content>
          <Tabs.Content value="mapped">
            <ProductList kind="mapped" storeId={storeId} page={tab === 'mapped' ? page : 1} onPage={(p) => go({ page: p })} />
          </Tabs.Content>
        </Tabs.Root>
      ) : null}
    </Stack>
  );
}
