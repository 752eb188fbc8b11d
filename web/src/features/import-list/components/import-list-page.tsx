import { Button, Link, Skeleton, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CopyIcon, EditIcon, RefreshIcon, RocketIcon, TrashIcon } from '@/components/icons';
import { Pager } from '@/components/pager';
import { EmptyState, ListToolbar, LoadError, PageHeader } from '@/components/ui/list-page';
import { useDocumentTitle } from '@/components/use-document-title';
import { messageOf } from '@/lib/api';
import { useListParams } from '@/lib/list-params';
import { usePageSelection } from '@/lib/page-selection';
import { notify } from '@/lib/toaster';
import type { ImportListItem } from '@/types/products';
import { LIST_PAGE_SIZE, deleteImported, duplicateImported, reapplyPricing, useImportList, useRefreshImportList } from '../api/import-list';
import { BulkEditDialog } from './bulk-edit-dialog';
import { ImportListRow } from './import-list-row';

export const PRICING_SETTINGS_PATH = '/app/setting/product';

export interface ImportListPageProps {
  onChanged?: () => void;
  /** Push to store: opens the push modal for these products (one, or the selection). */
  onPush?: (items: ImportListItem[]) => void;
  /** Changes when a push took the selected rows: the selection is cleared. */
  selectionKey?: number;
}

/** /app/products-import: the imported products, with selection, bulk actions and pricing re-apply. */
export function ImportListPage({ onChanged, onPush, selectionKey }: ImportListPageProps) {
  const { t } = useTranslation();
  const list = useListParams();
  const { page, keyword } = list;
  const { data, error, isLoading, mutate } = useImportList(page, keyword);
  const refreshList = useRefreshImportList();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [confirmReapply, setConfirmReapply] = useState(false);
  const [bulkIds, setBulkIds] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t('pages.importList'));

  const items = data?.items ?? [];
  const selection = usePageSelection(items, selectionKey);
  const ids = selection.ids;
  const pushSelected = () => onPush?.(selection.rows());

  const changed = async () => {
    await refreshList();
    onChanged?.();
  };

  async function remove() {
    setBusy(true);
    const res = await deleteImported(ids);
    setBusy(false);
    setConfirmDelete(false);
    if (!res.success) return notify('error', messageOf(res) || t('importList.deleteFailed'));
    notify('success', t('importList.deleted', { count: res.data?.deleted ?? ids.length }));
    selection.clear();
    await changed();
  }

  async function duplicate() {
    setBusy(true);
    const res = await duplicateImported(ids);
    setBusy(false);
    if (!res.success) return notify('error', messageOf(res) || t('importList.duplicateFailed'));
    notify('success', t('importList.duplicated', { count: res.data?.product_ids?.length ?? ids.length }));
    selection.clear();
    await changed();
  }

  async function reapply() {
    setBusy(true);
    const res = await reapplyPricing(ids.length > 0 ? ids : undefined);
    setBusy(false);
    setConfirmReapply(false);
    if (!res.success) return notify('error', messageOf(res) || t('importList.reapplyFailed'));
    notify('success', t('importList.reapplied', { count: res.data?.updated ?? 0 }));
    await changed();
  }

  return (
    <Stack gap="5" maxW="7xl" data-testid="import-list-page">
      <PageHeader title={t('pages.importList')} subtitle={t('importList.subtitle')}>
        <Link asChild fontSize="sm" color="teal.700">
          <RouterLink to={PRICING_SETTINGS_PATH} data-testid="pricing-settings-link">
            {t('importList.pricingSettings')}
          </RouterLink>
        </Link>
        <Button
          variant="outline"
          colorPalette="teal"
          onClick={() => setConfirmReapply(true)}
          disabled={items.length === 0}
          data-testid="reapply-pricing"
        >
          <RefreshIcon />
          {ids.length > 0 ? t('importList.reapplySelected', { count: ids.length }) : t('importList.reapply')}
        </Button>
      </PageHeader>
      <ListToolbar testId="import" texts="importList" list={list} selection={selection}>
        {onPush ? (
          <Button size="sm" colorPalette="teal" onClick={pushSelected} data-testid="bulk-push">
            <RocketIcon />
            {t('importList.pushSelected', { count: ids.length })}
          </Button>
        ) : null}
        <Button size="sm" variant="outline" onClick={() => setBulkIds(ids)} data-testid="bulk-edit">
          <EditIcon />
          {t('importList.bulkEdit')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => void duplicate()} loading={busy} data-testid="bulk-duplicate">
          <CopyIcon />
          {t('importList.duplicate')}
        </Button>
        <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirmDelete(true)} data-testid="bulk-delete">
          <TrashIcon />
          {t('importList.delete')}
        </Button>
      </ListToolbar>
      {error ? (
        <LoadError testId="import-list-error" message={error.message || t('importList.loadFailed')} onRetry={() => void mutate()} />
      ) : null}
      <Stack gap="2" data-testid="import-rows">
        {isLoading && !data ? [1, 2, 3].map((i) => <Skeleton key={i} h="20" borderRadius="lg" />) : null}
        {items.map((item) => (
          <ImportListRow
            key={item.id}
            item={item}
            selected={selection.has(item.id)}
            onSelect={(on) => selection.select(item, on)}
            onPush={onPush ? () => onPush([item]) : undefined}
            display={data?.display}
          />
        ))}
      </Stack>
      {data && items.length === 0 ? (
        <EmptyState
          testId="import-list-empty"
          message={keyword ? t('importList.noMatch') : t('importList.empty')}
          action={{ label: t('importList.findProducts'), to: '/app/find-product' }}
        />
      ) : null}
      {data ? (
        <Pager page={page} pageSize={LIST_PAGE_SIZE} total={data.total} onChange={(p) => list.go({ page: p })} testId="import-pager" />
      ) : null}
      <ConfirmDialog
        open={confirmDelete}
        title={t('importList.deleteTitle', { count: ids.length })}
        body={t('importList.deleteBody')}
        confirmLabel={t('importList.delete')}
        loading={busy}
        onConfirm={() => void remove()}
        onClose={() => setConfirmDelete(false)}
        testId="delete-dialog"
      />
      <ConfirmDialog
        open={confirmReapply}
        title={ids.length > 0 ? t('importList.reapplySelected', { count: ids.length }) : t('importList.reapply')}
        body={t('importList.reapplyBody')}
        confirmLabel={t('importList.reapplyConfirm')}
        loading={busy}
        onConfirm={() => void reapply()}
        onClose={() => setConfirmReapply(false)}
        testId="reapply-dialog"
      />
      <BulkEditDialog ids={bulkIds} onClose={() => setBulkIds(null)} onDone={() => void changed()} />
    </Stack>
  );
}
