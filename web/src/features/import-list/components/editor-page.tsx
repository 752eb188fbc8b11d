import { Alert, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CopyIcon, TrashIcon } from '@/components/icons';
import { PageSpinner } from '@/components/page-states';
import { useDocumentTitle } from '@/components/use-document-title';
import { messageOf } from '@/lib/api';
import { sourceName } from '@/lib/sources';
import { notify } from '@/lib/toaster';
import type { ImportedProduct } from '@/types/products';
import { BackLink } from '@/components/ui/back-link';
import { deleteImported, saveImportedProduct, useImportedProduct, useRefreshImportList } from '../api/import-list';
import { addImages, removeImage, savePayload, validateProduct } from '../lib/editor';
import { EditorGeneral } from './editor-general';
import { EditorImages } from './editor-images';
import { EditorOptions } from './editor-options';
import { EditorVariants } from './editor-variants';
import { SplitDialog, splittableOptions } from './split-dialog';

export const IMPORT_LIST_PATH = '/app/products-import';

function Card({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap="4" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '5' }} as="section" data-testid={testId}>
      <Heading as="h2" size="md">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

/** /app/products-import/editor/{id}: edit an imported product before it is pushed. */
/** `assist` renders a helper above the fields (the app composes AI writing in) that may patch the draft. */
export type EditorAssist = (productId: string, apply: (patch: Partial<ImportedProduct>) => void) => ReactNode;
/** `imageTools` renders actions in the images card (the app composes the image library in) that add or remove images. */
export type EditorImageTools = (
  product: ImportedProduct,
  edit: { add: (urls: string[]) => void; remove: (url: string) => void },
) => ReactNode;

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
  const { data, error, mutate } = useImportedProduct(productCenterId);
  const refreshList = useRefreshImportList();
  const [draft, setDraft] = useState<ImportedProduct | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [splitting, setSplitting] = useState(false);
  useDocumentTitle(t('pages.productEditor'));

  // The draft starts from the product once it is loaded (and again for another product).
  useEffect(() => {
    if (data && (!draft || draft.id !== data.id)) setDraft(data);
  }, [data, draft]);

  if (error && !data) {
    return (
      <Alert.Root status="error" data-testid="editor-error" maxW="3xl">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('importList.editor.loadFailed')}</Alert.Title>
          <Alert.Description>{error.message}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (!draft) return <PageSpinner />;

  const problem = validateProduct(draft);

  async function save() {
    if (!draft || problem) return;
    setSaving(true);
    const res = await saveImportedProduct(draft.id, savePayload(draft));
    setSaving(false);
    if (res.success && res.data) {
      setDraft(res.data);
      await mutate(res.data, { revalidate: false });
      void refreshList();
      notify('success', t('importList.editor.saveSuccess'));
    } else {
      notify('error', messageOf(res) || t('importList.editor.saveFailed'));
    }
  }

  async function remove() {
    if (!draft) return;
    setDeleting(true);
    const res = await deleteImported([draft.id]);
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
    setSplitting(false);
    void refreshList();
    onChanged?.();
    notify('success', t('importList.split.done', { count }));
    navigate(IMPORT_LIST_PATH);
  }

  const saved = data ?? draft;
  const dirty = JSON.stringify(savePayload(draft)) !== JSON.stringify(savePayload(saved));

  return (
    <Stack gap="5" maxW="6xl" data-testid="editor-page" data-id={draft.id}>
      <BackLink to={IMPORT_LIST_PATH} label={t('pages.importList')} testId="editor-back" />
      <HStack justify="space-between" gap="3" wrap="wrap" position="sticky" top="14" zIndex="1" bg="bg.subtle" py="2">
        <Stack gap="0" minW="0">
          <Heading as="h1" size="xl" data-testid="page-title" truncate>
            {t('pages.productEditor')}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {sourceName(draft.source)} · {draft.source_product_id}
          </Text>
        </Stack>
        <HStack gap="2" wrap="wrap">
          {splittableOptions(saved).length > 0 ? (
            <Button variant="outline" onClick={() => setSplitting(true)} data-testid="editor-split">
              <CopyIcon />
              {t('importList.split.action')}
            </Button>
          ) : null}
          <Button variant="outline" colorPalette="red" onClick={() => setConfirm(true)} data-testid="editor-delete">
            <TrashIcon />
            {t('importList.delete')}
          </Button>
          <Button colorPalette="teal" onClick={() => void save()} loading={saving} disabled={Boolean(problem)} data-testid="editor-save">
            {t('common.save')}
          </Button>
        </HStack>
      </HStack>
      {problem ? (
        <Alert.Root status="warning" data-testid="editor-problem">
          <Alert.Indicator />
          <Alert.Title>{t(`importList.editor.errors.${problem}`)}</Alert.Title>
        </Alert.Root>
      ) : null}
      {assist?.(draft.id, (patch) => setDraft({ ...draft, ...patch }))}
      <Card title={t('importList.editor.general')}>
        <EditorGeneral product={draft} onChange={setDraft} />
      </Card>
      <Card title={t('importList.editor.options')}>
        <EditorOptions product={draft} saved={data ?? draft} onChange={setDraft} />
      </Card>
      <Card title={t('importList.editor.variants', { count: draft.variants.length })}>
        <EditorVariants product={draft} onChange={setDraft} />
      </Card>
      <Card title={t('importList.editor.images')} testId="editor-images-card">
        {imageTools?.(draft, {
          add: (urls) => setDraft((d) => (d ? addImages(d, urls) : d)),
          remove: (url) => setDraft((d) => (d ? removeImage(d, url) : d)),
        })}
        <EditorImages product={draft} onChange={setDraft} />
      </Card>
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
      {splitting ? <SplitDialog open product={saved} dirty={dirty} onClose={() => setSplitting(false)} onDone={splitDone} /> : null}
    </Stack>
  );
}
