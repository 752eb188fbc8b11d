import { Button, HStack, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { BoxIcon } from '@/components/icons';
import { PageSpinner } from '@/components/page-states';
import { useDocumentTitle } from '@/components/use-document-title';
import { type Envelope, messageOf } from '@/lib/api';
import { notify } from '@/lib/toaster';
import type { StoreProduct } from '@/types/mapping';
import { BackLink } from '@/components/ui/back-link';
import { ProductThumb } from '@/components/ui/product-thumb';
import { ErrorAlert } from '@/components/ui/error-alert';
import {
  type MapGroupInput,
  type SupplierRef,
  mapGroup,
  mapVariants,
  replaceSupplier,
  useRefreshListings,
  useStoreProduct,
} from '../api/mapping';
import {
  type MappingDraft,
  addSupplier,
  changedVariants,
  draftFrom,
  isDataNotFound,
  mapVariantPayload,
  moveSupplier,
  removeSupplier,
} from '../lib/mapping';
import { PRODUCTS_PATH } from '../lib/paths';
import { GroupActions } from './group-actions';
import { VariantSuppliers } from './variant-suppliers';

/** /app/products/map/{id}: a store product's variants and their suppliers by priority. */
export function MapProductPage({ currency = 'USD' }: { currency?: string }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data, error, mutate } = useStoreProduct(id);
  const refreshLists = useRefreshListings();
  const [draft, setDraft] = useState<MappingDraft | null>(null);
  const [draftOf, setDraftOf] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [busy, setBusy] = useState<'group' | 'replace' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useDocumentTitle(t('mapping.mapTitle'));

  // The draft starts from the product once it is loaded (and again for another product).
  useEffect(() => {
    if (data && draftOf !== data.id) {
      setDraft(draftFrom(data));
      setDraftOf(data.id);
    }
  }, [data, draftOf]);

  const errorText = (res: Pick<Envelope, 'status' | 'message' | 'errors'>, fallback: string) =>
    isDataNotFound(res) ? t('mapping.errors.DataNotFound') : messageOf(res) || fallback;

  if (error && !data) {
    const notFound = error.message === 'DataNotFound';
    return (
      <Stack gap="4" maxW="3xl">
        <ErrorAlert
          message={notFound ? t('mapping.errors.DataNotFound') : error.message || t('mapping.loadFailed')}
          testId="map-load-error"
        />
        <Link asChild fontSize="sm">
          <RouterLink to={PRODUCTS_PATH}>{t('pages.products')}</RouterLink>
        </Link>
      </Stack>
    );
  }
  if (!data || !draft) return <PageSpinner />;
  const product = data;
  const dirty = changedVariants(product, draft).length > 0;

  async function applied(res: Envelope<StoreProduct>, fallback: string) {
    if (res.success && res.data) {
      setFailure(null);
      setDraft(draftFrom(res.data));
      await mutate(res.data, { revalidate: false });
      void refreshLists();
      notify('success', t('mapping.saved'));
      return;
    }
    const text = errorText(res, fallback);
    setFailure(text);
    notify('error', text);
  }

  async function save() {
    if (!draft || !dirty) return;
    setSaving(true);
    const res = await mapVariants(product.id, mapVariantPayload(product, draft).mappings);
    setSaving(false);
    await applied(res, t('mapping.saveFailed'));
  }

  async function group(input: MapGroupInput) {
    setBusy('group');
    const res = await mapGroup(product.id, input);
    setBusy(null);
    await applied(res, t('mapping.saveFailed'));
  }

  async function replace(from: SupplierRef, to: SupplierRef) {
    setBusy('replace');
    const res = await replaceSupplier(product.id, from, to);
    setBusy(null);
    await applied(res, t('mapping.saveFailed'));
  }

  return (
    <Stack gap="5" maxW="5xl" data-testid="map-product-page" data-id={product.id}>
      <BackLink to={product.mapped ? `${PRODUCTS_PATH}?tab=mapped` : PRODUCTS_PATH} label={t('pages.products')} testId="map-back" />
      <HStack justify="space-between" gap="3" wrap="wrap" position="sticky" top="14" zIndex="1" bg="bg.subtle" py="2">
        <HStack gap="3" minW="0">
          <ProductThumb src={product.image} size="12" fallback={<BoxIcon color="fg.subtle" />} lazy={false} />
          <Stack gap="0" minW="0">
            <Heading as="h1" size="xl" truncate data-testid="page-title">
              {product.title}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {t('mapping.mapTitle')}
            </Text>
          </Stack>
        </HStack>
        <HStack gap="2">
          <Button variant="ghost" disabled={!dirty || saving} onClick={() => setDraft(draftFrom(product))} data-testid="map-discard">
            {t('mapping.discard')}
          </Button>
          <Button colorPalette="teal" onClick={() => void save()} loading={saving} disabled={!dirty} data-testid="map-save">
            {t('common.save')}
          </Button>
        </HStack>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {t('mapping.priorityHelp')}
      </Text>
      {failure ? <ErrorAlert message={failure} testId="map-error" /> : null}
      <Stack gap="3" data-testid="map-variants">
        {product.variants.map((variant) => (
          <VariantSuppliers
            key={variant.id}
            variant={variant}
            suppliers={draft[variant.id] ?? []}
            currency={currency}
            onAdd={(s) => setDraft((d) => (d ? addSupplier(d, variant.id, s) : d))}
            onMove={(i, by) => setDraft((d) => (d ? moveSupplier(d, variant.id, i, by) : d))}
            onRemove={(i) => setDraft((d) => (d ? removeSupplier(d, variant.id, i) : d))}
          />
        ))}
      </Stack>
      <GroupActions
        product={product}
        dirty={dirty}
        busy={busy}
        onMapGroup={(input) => void group(input)}
        onReplace={(from, to) => void replace(from, to)}
      />
    </Stack>
  );
}
