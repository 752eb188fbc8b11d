import { Alert, Button, Field, HStack, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '@/lib/api';
import { currentLanguage } from '@/lib/i18n';
import { formatMoney } from '@/lib/money';
import type { ProductDetail } from '@/types/products';
import { fetchSupplierProduct } from '../api/mapping';
import { type DraftSupplier, isDataNotFound, optionsText, parseCountries } from '../lib/mapping';
import { ImportedChoice } from './imported-choice';
import { SourceFields } from './source-fields';

interface SupplierPickerProps {
  variantId: string;
  /** Why the chosen SKU cannot be added ('duplicate', 'full'), checked by the caller. */
  problemOf: (supplier: DraftSupplier) => string | null;
  onAdd: (supplier: DraftSupplier) => void;
  onCancel: () => void;
}

/**
 * Adds a supplier to a variant: source and supplier product id, then one of that product's
 * variants (GET center/products/source/{source}/{id}) and optional ship-to countries.
 */
export function SupplierPicker({ variantId, problemOf, onAdd, onCancel }: SupplierPickerProps) {
  const { t } = useTranslation();
  const locale = currentLanguage();
  const [source, setSource] = useState('aliexpress');
  const [productId, setProductId] = useState('');
  const [detail, setDetail] = useState<ProductDetail | null>(null);
  const [skuId, setSkuId] = useState('');
  const [countries, setCountries] = useState('');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const testId = `picker-${variantId}`;

  async function load(from = source, rawId = productId) {
    const id = rawId.trim();
    if (!id) return;
    setLoading(true);
    setError(null);
    setDetail(null);
    setSkuId('');
    const res = await fetchSupplierProduct(from, id);
    setLoading(false);
    if (res.success && res.data) {
      setDetail(res.data);
      setSkuId(res.data.variants[0]?.sku_id ?? '');
      if (res.data.variants.length === 0) setError(t('mapping.noSupplierVariants'));
    } else
      setError(
        isDataNotFound(res) || res.status === 202 ? t('mapping.errors.DataNotFound') : messageOf(res) || t('mapping.loadSupplierFailed'),
      );
  }

  const chosen: DraftSupplier | null =
    detail && skuId
      ? {
          source: detail.source || source,
          source_product_id: detail.source_product_id || productId.trim(),
          sku_id: skuId,
          ship_to_countries: parseCountries(countries),
        }
      : null;
  const problem = chosen ? problemOf(chosen) : null;

  return (
    <Stack gap="3" borderWidth="1px" borderRadius="lg" p="3" bg="bg.subtle" data-testid={testId}>
      <ImportedChoice
        testId={testId}
        onPick={(from, id) => {
          setSource(from);
          setProductId(id);
          void load(from, id);
        }}
      />
      <SourceFields
        source={source}
        productId={productId}
        onSource={(s) => {
          setSource(s);
          setDetail(null);
        }}
        onProductId={(id) => {
          setProductId(id);
          setDetail(null);
        }}
        action={{ label: t('mapping.findVariants'), onClick: () => void load(), loading, testId: `${testId}-load` }}
        testId={testId}
      />
      {error ? (
        <Alert.Root status="error" size="sm" data-testid={`${testId}-error`}>
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      ) : null}
      {detail && detail.variants.length > 0 ? (
        <>
          <Field.Root>
            <Field.Label fontSize="sm">{t('mapping.supplierSku', { product: detail.name })}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={skuId} onChange={(e) => setSkuId(e.target.value)} data-testid={`${testId}-sku`}>
                {detail.variants.map((v) => (
                  <option key={v.sku_id} value={v.sku_id}>
                    {[optionsText(v.options) || v.sku_id, formatMoney(v.price, 'USD', locale), t('mapping.stock', { count: v.stock })].join(
                      ' · ',
                    )}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root>
            <Field.Label fontSize="sm">{t('mapping.shipTo')}</Field.Label>
            <Input
              size="sm"
              value={countries}
              onChange={(e) => setCountries(e.target.value)}
              placeholder="US, GB"
              dir="ltr"
              data-testid={`${testId}-countries`}
            />
            <Field.HelperText>{t('mapping.shipToHelp')}</Field.HelperText>
          </Field.Root>
        </>
      ) : null}
      {problem ? (
        <Alert.Root status="warning" size="sm" data-testid={`${testId}-problem`}>
          <Alert.Indicator />
          <Alert.Title>{t(`mapping.addProblems.${problem}`)}</Alert.Title>
        </Alert.Root>
      ) : null}
      <HStack gap="2" justify="end">
        <Button size="sm" variant="ghost" onClick={onCancel} data-testid={`${testId}-cancel`}>
          {t('common.cancel')}
        </Button>
        <Button
          size="sm"
          colorPalette="teal"
          disabled={!chosen || Boolean(problem)}
          onClick={() => chosen && onAdd(chosen)}
          data-testid={`${testId}-add`}
        >
          {t('mapping.addSupplier')}
        </Button>
      </HStack>
    </Stack>
  );
}
