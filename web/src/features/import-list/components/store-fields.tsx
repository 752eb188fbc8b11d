import { useTranslation } from 'react-i18next';
import { TagsField, type TagsFieldProps } from '@/components/tags-field';
import { useStoreCollections, useStoreTags } from '../api/store-meta';

type FieldProps = Omit<TagsFieldProps, 'suggestions' | 'suggestionsLabel'>;

/** Tags, offering those the current store's products carry. */
export function StoreTagsField(props: FieldProps) {
  const { t } = useTranslation();
  const { data } = useStoreTags();
  return <TagsField {...props} suggestions={data?.tags} suggestionsLabel={t('importList.editor.storeTags')} />;
}

/** Collections, offering the current store's (a WooCommerce store's categories); a new name is created in the store at push. */
export function StoreCollectionsField(props: FieldProps) {
  const { t } = useTranslation();
  const { data } = useStoreCollections();
  const label = data?.platform === 'woocommerce' ? 'importList.editor.storeCategories' : 'importList.editor.storeCollections';
  return <TagsField {...props} suggestions={data?.collections.map((c) => c.title)} suggestionsLabel={t(label)} />;
}
