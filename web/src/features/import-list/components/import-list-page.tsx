import { Button, Link, Skeleton, Stack } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CopyIcon, EditIcon, RefreshIcon, RocketIcon, TrashIcon } from '@/components/icons';
import { Pager } from '@/components/pager';
import { EmptyState, LoadError, PageHeader, SearchBox, SelectionBar } from '@/components/ui/list-page';
import { useDocumentTitle } from '@/components/use-document-title';
import { messageOf } from '@/lib/api';
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
}

/** /app/products-import: the imported products, with selection, bulk actions and pricing re-apply. */
export function ImportListPage({ onChanged, onPush }: ImportListPageProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const keyword = params.get('keyword') ?? '';
  const [search, setSearch] = useState(keyword);
  const { data, error, isLoading, mutate } = useImportList(page, keyword);
  const refreshList = useRefreshImportList();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [confirmReapply, setConfirmReapply] = useState(false);
  const [bulkIds, setBulkIds] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t('pages.importList'));

  const items = data?.items ?? [];
  const ids = [...selected];
  // Items seen on any page, so that a selection across pages can be pushed.
  const seen = useRef(new Map<string, ImportListItem>());
  for (const item of items) seen.current.set(item.id, item);
  const pushSelected = () => onPush?.(ids.map((id) => seen.current.get(id)).filter((i): i is ImportListItem => Boolean(i)));
  const allOnPage = items.length > 0 && items.every((i) => selected.has(i.id));
  const someOnPage = items.some((i) => selected.has(i.id));

  const go = (next: { page?: number; keyword?: string }) => {
    const q = new URLSearchParams();
    const kw = next.keyword ?? keyword;
    if (kw) q.set('keyword', kw);
    if ((next.page ?? 1) > 1) q.set('page', String(next.page));
    setParams(q);
  };
  const select = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const selectPage = (on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const i of items) {
        if (on) next.add(i.id);
        else next.delete(i.id);
      }
      return next;
    });
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
    setSelected(new Set());
    await changed();
  }

  async function duplicate() {
    setBusy(true);
    const res = await duplicateImported(ids);
    setBusy(false);
    if (!res.success) return notify('error', messageOf(res) || t('importList.duplicateFailed'));
    notify('success', t('importList.duplicated', { count: res.data?.product_ids?.length ?? ids.length }));
    setSelected(new Set());
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
      <SearchBox
        value={search}
        onChange={setSearch}
        onSearch={(keyword) => go({ keyword, page: 1 })}
        placeholder={t('importList.searchPlaceholder')}
        testId="import-search"
      />
      {items.length > 0 ? (
        <SelectionBar
          testId="import"
          state={allOnPage ? 'all' : someOnPage ? 'some' : 'none'}
          onToggle={selectPage}
          label={ids.length > 0 ? t('importList.selected', { count: ids.length }) : t('importList.selectAll')}
        >
          {ids.length > 0 ? (
            <>
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
            </>
          ) : null}
        </SelectionBar>
      ) : null}
      {error ? (
        <LoadError testId="import-list-error" message={error.message || t('importList.loadFailed')} onRetry={() => void mutate()} />
      ) : null}
      <Stack gap="2" data-testid="import-rows">
        {isLoading && !data ? [1, 2, 3].map((i) => <Skeleton key={i} h="20" borderRadius="lg" />) : null}
        {items.map((item) => (
          <ImportListRow
            key={item.id}
            item={item}
            selected={selected.has(item.id)}
            onSelect={(on) => select(item.id, on)}
            onPush={onPush ? () => onPush([item]) : undefined}
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
        <Pager page={page} pageSize={LIST_PAGE_SIZE} total={data.total} onChange={(p) => go({ page: p })} testId="import-pager" />
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
