import { Field, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { RichTextEditor } from '@/components/rich-text/rich-text-editor';
import type { ImportedProduct } from '@/types/products';
import { StoreCollectionsField, StoreTagsField } from './store-fields';

interface Props {
  product: ImportedProduct;
  onChange: (product: ImportedProduct) => void;
}

/**
 * Title, description (formatted text, saved as HTML), product type, vendor, tags and collections.
 * Tags and collections offer the current store's own; a new name is created in the store at push.
 */
export function EditorGeneral({ product, onChange }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<ImportedProduct>) => onChange({ ...product, ...patch });
  return (
    <Stack gap="4">
      <Field.Root required invalid={!product.title.trim()}>
        <Field.Label>{t('importList.editor.title')}</Field.Label>
        <Input value={product.title} onChange={(e) => set({ title: e.target.value })} data-testid="editor-title" />
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('importList.editor.description')}</Field.Label>
        <RichTextEditor
          value={product.description_html}
          onChange={(description_html) => set({ description_html })}
          label={t('importList.editor.description')}
          testId="editor-description"
        />
        <Field.HelperText>{t('importList.editor.descriptionHelp')}</Field.HelperText>
      </Field.Root>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Field.Root>
          <Field.Label>{t('importList.editor.productType')}</Field.Label>
          <Input value={product.product_type} onChange={(e) => set({ product_type: e.target.value })} data-testid="editor-product-type" />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('importList.editor.vendor')}</Field.Label>
          <Input value={product.vendor} onChange={(e) => set({ vendor: e.target.value })} data-testid="editor-vendor" />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('importList.editor.tags')}</Field.Label>
          <StoreTagsField
            value={product.tags}
            onChange={(tags) => set({ tags })}
            placeholder={t('importList.editor.addTag')}
            testId="editor-tags"
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('importList.editor.collections')}</Field.Label>
          <StoreCollectionsField
            value={product.collections}
            onChange={(collections) => set({ collections })}
            placeholder={t('importList.editor.addCollection')}
            testId="editor-collections"
          />
        </Field.Root>
      </SimpleGrid>
    </Stack>
  );
}
