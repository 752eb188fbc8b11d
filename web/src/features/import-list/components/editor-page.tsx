import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CopyIcon, TrashIcon } from '@/components/icons';
import { messageOf } from '@/lib/api';
import { notify } from '@/lib/toaster';
import type { ImportedProduct } from '@/types/products';
import { deleteImported, useRefreshImportList } from '../api/import-list';
import { type EditorAssist, type EditorImageTools, ProductEditor } from './product-editor';
import { SplitDialog, splittableOptions } from './split-dialog';

export type { EditorAssist, EditorImageTools } from './product-editor';

export const IMPORT_LIST_PATH = '/app/products-import';

/** /app/products-import/editor/{id}: edit an imported product before it is pushed; split or delete it. */
export function EditorPage({
  onDeleted,
  onChanged,
  assist,
  imageTools,
}: {
  onDeleted?: () => void;
  onChanged?: () => void;
  assist?: EditorAssist;
  imageTools?: EditorImageTools;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { productCenterId = '' } = useParams();
  const refreshList = useRefreshImportList();
  const [confirm, setConfirm] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [splitting, setSplitting] = useState<{ product: ImportedProduct; dirty: boolean } | null>(null);

  async function remove() {
    setDeleting(true);
    const res = await deleteImported([productCenterId]);
    setDeleting(false);
    setConfirm(false);
    if (res.success) {
      void refreshList();
      onDeleted?.();
      notify('success', t('importList.deleted', { count: 1 }));
      navigate(IMPORT_LIST_PATH);
    } else notify('error', messageOf(res) || t('importList.deleteFailed'));
  }

  function splitDone(count: number) {
    setSplitting(null);
    void refreshList();
    onChanged?.();
    notify('success', t('importList.split.done', { count }));
    navigate(IMPORT_LIST_PATH);
  }

  return (
    <>
      <ProductEditor
        productId={productCenterId}
        back={{ to: IMPORT_LIST_PATH, label: t('pages.importList') }}
        assist={assist}
        imageTools={imageTools}
        actions={({ saved, dirty }) => (
          <>
            {splittableOptions(saved).length > 0 ? (
              <Button variant="outline" onClick={() => setSplitting({ product: saved, dirty })} data-testid="editor-split">
                <CopyIcon />
                {t('importList.split.action')}
              </Button>
            ) : null}
            <Button variant="outline" colorPalette="red" onClick={() => setConfirm(true)} data-testid="editor-delete">
              <TrashIcon />
              {t('importList.delete')}
            </Button>
          </>
        )}
      />
      <ConfirmDialog
        open={confirm}
        title={t('importList.deleteTitle', { count: 1 })}
        body={t('importList.deleteBody')}
        confirmLabel={t('importList.delete')}
        loading={deleting}
        onConfirm={() => void remove()}
        onClose={() => setConfirm(false)}
        testId="editor-delete-dialog"
      />
      {splitting ? (
        <SplitDialog open product={splitting.product} dirty={splitting.dirty} onClose={() => setSplitting(null)} onDone={splitDone} />
      ) : null}
    </>
  );
}
