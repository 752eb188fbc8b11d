import { DialogShell } from '@/components/ui/dialog-shell';
import { Field, HStack, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from '@/components/money-input';
import { messageOf } from '@/lib/api';
import { notify } from '@/lib/toaster';
import { type PriceOp, bulkUpdate } from '../api/import-list';
import { type BulkForm, EMPTY_BULK, bulkPayload, priceValid } from '../lib/bulk';
import { StoreCollectionsField, StoreTagsField } from './store-fields';

interface BulkEditDialogProps {
  ids: string[] | null;
  onClose: () => void;
  onDone: () => void;
}

/** Bulk edit of the selected products: add tags or collections, set type or vendor, change prices. */
export function BulkEditDialog({ ids, onClose, onDone }: BulkEditDialogProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<BulkForm>(EMPTY_BULK);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (ids) setForm(EMPTY_BULK);
  }, [ids]);
  const payload = ids ? bulkPayload(ids, form) : null;
  const set = (patch: Partial<BulkForm>) => setForm((f) => ({ ...f, ...patch }));

  async function apply() {
    if (!payload) return;
    setSaving(true);
    const res = await bulkUpdate(payload);
    setSaving(false);
    if (res.success) {
      notify('success', t('importList.bulk.done', { count: res.data?.updated ?? payload.ids.length }));
      onDone();
      onClose();
    } else notify('error', messageOf(res) || t('importList.bulk.failed'));
  }

  return (
    <DialogShell
      open={Boolean(ids)}
      onClose={onClose}
      size={{ base: 'full', md: 'lg' }}
      title={t('importList.bulk.title', { count: ids?.length ?? 0 })}
      testId="bulk-edit-dialog"
      action={{ label: t('importList.bulk.apply'), onClick: () => void apply(), loading: saving, disabled: !payload, testId: 'bulk-apply' }}
    >
      <Stack gap="4">
        <Field.Root>
          <Field.Label>{t('importList.bulk.addTags')}</Field.Label>
          <StoreTagsField
            value={form.tags}
            onChange={(tags) => set({ tags })}
            placeholder={t('importList.editor.addTag')}
            testId="bulk-tags"
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('importList.bulk.addCollections')}</Field.Label>
          <StoreCollectionsField
            value={form.collections}
            onChange={(collections) => set({ collections })}
            placeholder={t('importList.editor.addCollection')}
            testId="bulk-collections"
          />
        </Field.Root>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Field.Root>
            <Field.Label>{t('importList.editor.productType')}</Field.Label>
            <Input
              value={form.productType}
              onChange={(e) => set({ productType: e.target.value })}
              placeholder={t('importList.bulk.unchanged')}
              data-testid="bulk-product-type"
            />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('importList.editor.vendor')}</Field.Label>
            <Input
              value={form.vendor}
              onChange={(e) => set({ vendor: e.target.value })}
              placeholder={t('importList.bulk.unchanged')}
              data-testid="bulk-vendor"
            />
          </Field.Root>
        </SimpleGrid>
        <Field.Root invalid={!priceValid(form)}>
          <Field.Label>{t('importList.bulk.price')}</Field.Label>
          <HStack gap="2" w="full">
            <NativeSelect.Root flex="1">
              <NativeSelect.Field
                value={form.priceOp}
                onChange={(e) => set({ priceOp: e.target.value as PriceOp | '' })}
                data-testid="bulk-price-op"
              >
                <option value="">{t('importList.bulk.unchanged')}</option>
                <option value="multiply">{t('importList.bulk.ops.multiply')}</option>
                <option value="add">{t('importList.bulk.ops.add')}</option>
                <option value="set">{t('importList.bulk.ops.set')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <MoneyInput
              flex="1"
              value={form.priceValue}
              onChange={(priceValue) => set({ priceValue })}
              disabled={!form.priceOp}
              aria-label={t('importList.bulk.priceValue')}
              data-testid="bulk-price-value"
            />
          </HStack>
          <Field.ErrorText>{t('importList.bulk.invalidPrice')}</Field.ErrorText>
        </Field.Root>
      </Stack>
    </DialogShell>
  );
}
