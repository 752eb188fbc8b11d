import { Alert, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '@/components/page-states';
import { BackLink } from '@/components/ui/back-link';
import { useDocumentTitle } from '@/components/use-document-title';
import { messageOf } from '@/lib/api';
import { sourceName } from '@/lib/sources';
import { notify } from '@/lib/toaster';
import type { ImportedProduct } from '@/types/products';
import { saveImportedProduct, useImportedProduct, useRefreshImportList } from '../api/import-list';
import { addImages, removeImage, savePayload, validateProduct } from '../lib/editor';
import { EditorGeneral } from './editor-general';
import { EditorImages } from './editor-images';
import { EditorOptions } from './editor-options';
import { EditorVariants } from './editor-variants';
import { EditorVideo } from './editor-video';

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

/** `assist` renders a helper above the fields (the app composes AI writing in) that may patch the draft. */
export type EditorAssist = (productId: string, apply: (patch: Partial<ImportedProduct>) => void) => ReactNode;

/** `imageTools` renders actions in the images card (the app composes the image library in) that add or remove images. */
export type EditorImageTools = (
  product: ImportedProduct,
  edit: { add: (urls: string[]) => void; remove: (url: string) => void },
) => ReactNode;

/** What the buttons beside Save may use: the product as saved, and whether the draft differs. */
export interface EditorActionsContext {
  saved: ImportedProduct;
  dirty: boolean;
}

export interface ProductEditorProps {
  productId: string;
  back: { to: string; label: string };
  /** Buttons before Save (the import list's split and delete). */
  actions?: (ctx: EditorActionsContext) => ReactNode;
  /** Shown between the header and the fields (the product center's destinations). */
  aside?: ReactNode;
  assist?: EditorAssist;
  imageTools?: EditorImageTools;
  /** The Save button's label (the product center saves and updates the stores). */
  saveLabel?: string;
  /** Runs once the product is saved; the button stays busy until it ends. */
  onSaved?: (product: ImportedProduct) => void | Promise<void>;
}

/**
 * Everything an imported or pushed product's editor edits (general, options, variants, images)
 * around one draft, saved with PUT center/products/import/{id}. The import list and the product
 * center each wrap it with their own actions.
 */
export function ProductEditor({ productId, back, actions, aside, assist, imageTools, saveLabel, onSaved }: ProductEditorProps) {
  const { t } = useTranslation();
  const { data, error, mutate } = useImportedProduct(productId);
  const refreshList = useRefreshImportList();
  const [draft, setDraft] = useState<ImportedProduct | null>(null);
  const [saving, setSaving] = useState(false);
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
  const saved = data ?? draft;
  const dirty = JSON.stringify(savePayload(draft)) !== JSON.stringify(savePayload(saved));

  async function save() {
    if (!draft || problem) return;
    setSaving(true);
    const res = await saveImportedProduct(draft.id, savePayload(draft));
    if (res.success && res.data) {
      setDraft(res.data);
      await mutate(res.data, { revalidate: false });
      void refreshList();
      if (onSaved) await onSaved(res.data);
      else notify('success', t('importList.editor.saveSuccess'));
    } else {
      notify('error', messageOf(res) || t('importList.editor.saveFailed'));
    }
    setSaving(false);
  }

  return (
    <Stack gap="5" maxW="6xl" data-testid="editor-page" data-id={draft.id}>
      <BackLink to={back.to} label={back.label} testId="editor-back" />
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
          {actions?.({ saved, dirty })}
          <Button colorPalette="teal" onClick={() => void save()} loading={saving} disabled={Boolean(problem)} data-testid="editor-save">
            {saveLabel ?? t('common.save')}
          </Button>
        </HStack>
      </HStack>
      {problem ? (
        <Alert.Root status="warning" data-testid="editor-problem">
          <Alert.Indicator />
          <Alert.Title>{t(`importList.editor.errors.${problem}`)}</Alert.Title>
        </Alert.Root>
      ) : null}
      {aside}
      {assist?.(draft.id, (patch) => setDraft({ ...draft, ...patch }))}
      <Card title={t('importList.editor.general')}>
        <EditorGeneral product={draft} onChange={setDraft} />
      </Card>
      <Card title={t('importList.editor.options')}>
        <EditorOptions product={draft} saved={saved} onChange={setDraft} />
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
      <Card title={t('importList.editor.video')} testId="editor-video-card">
        <EditorVideo product={draft} onChange={setDraft} />
      </Card>
    </Stack>
  );
}
