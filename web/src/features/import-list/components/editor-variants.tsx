import { Box, Image, InputGroup, Stack, Switch, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from '@/components/money-input';
import { currentLanguage } from '@/lib/i18n';
import { currencySymbol, formatMoney, isSymbolAfter } from '@/lib/money';
import type { ImportedProduct } from '@/types/products';
import { updateVariant } from '../lib/editor';
import { formatPercent, variantEarnings } from '../lib/profit';

/** The currency of an imported product's amounts: the suppliers' (stores get theirs at push). */
export const PRODUCT_CURRENCY = 'USD';

/** An amount field with the currency's symbol on the currency's side. */
function AmountInput({
  label,
  value,
  invalid,
  onChange,
  testId,
}: {
  label: string;
  value: number | null;
  invalid?: boolean;
  onChange: (v: number | null) => void;
  testId: string;
}) {
  const symbol = (
    <Text color="fg.muted" fontSize="xs">
      {currencySymbol(PRODUCT_CURRENCY)}
    </Text>
  );
  const after = isSymbolAfter(PRODUCT_CURRENCY);
  return (
    <InputGroup dir="ltr" startElement={after ? undefined : symbol} endElement={after ? symbol : undefined}>
      <MoneyInput
        size="sm"
        value={value}
        aria-invalid={invalid}
        borderColor={invalid ? 'border.error' : undefined}
        aria-label={label}
        onChange={onChange}
        data-testid={testId}
      />
    </InputGroup>
  );
}

/** Variants: cost read-only, price and compare-at price editable with the profit and margin they give, enabled toggle. */
export function EditorVariants({ product, onChange }: { product: ImportedProduct; onChange: (p: ImportedProduct) => void }) {
  const { t } = useTranslation();
  const locale = currentLanguage();
  const names = product.options.map((o) => o.name);
  const enabledCount = product.variants.filter((v) => v.enabled).length;
  return (
    <Stack gap="2">
      <Text fontSize="sm" color="fg.muted" data-testid="editor-currency-note">
        {t('importList.editor.currencyNote', { currency: PRODUCT_CURRENCY })}
      </Text>
      <Box overflowX="auto" borderWidth="1px" borderRadius="lg">
        <Table.Root size="sm" data-testid="editor-variants">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader w="10">{t('importList.editor.enabled')}</Table.ColumnHeader>
              <Table.ColumnHeader w="12" />
              {names.map((n) => (
                <Table.ColumnHeader key={n}>{n}</Table.ColumnHeader>
              ))}
              <Table.ColumnHeader textAlign="end">{t('importList.editor.cost')}</Table.ColumnHeader>
              <Table.ColumnHeader minW="28">{t('importList.editor.price')}</Table.ColumnHeader>
              <Table.ColumnHeader minW="28">{t('importList.editor.compareAt')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('importList.editor.profit')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('importList.editor.margin')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('importList.editor.stock')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {product.variants.map((v) => {
              const earned = variantEarnings(v);
              const loss = earned.profit !== null && earned.profit < 0;
              return (
                <Table.Row key={v.id} data-testid={`variant-${v.id}`} opacity={v.enabled ? 1 : 0.6}>
                  <Table.Cell>
                    <Switch.Root
                      size="sm"
                      colorPalette="teal"
                      checked={v.enabled}
                      disabled={v.enabled && enabledCount <= 1}
                      onCheckedChange={(e) => onChange(updateVariant(product, v.id, { enabled: e.checked }))}
                      data-testid={`variant-enabled-${v.id}`}
                    >
                      <Switch.HiddenInput aria-label={t('importList.editor.enabled')} />
                      <Switch.Control>
                        <Switch.Thumb />
                      </Switch.Control>
                    </Switch.Root>
                  </Table.Cell>
                  <Table.Cell>{v.image ? <Image src={v.image} alt="" boxSize="8" borderRadius="sm" objectFit="cover" /> : null}</Table.Cell>
                  {names.map((n) => (
                    <Table.Cell key={n}>{v.options[n] ?? '-'}</Table.Cell>
                  ))}
                  <Table.Cell textAlign="end" dir="ltr" color="fg.muted" data-testid={`variant-cost-${v.id}`}>
                    {formatMoney(v.cost, PRODUCT_CURRENCY, locale)}
                    {v.shipping_cost ? (
                      <Text as="span" display="block" fontSize="2xs">
                        {t('importList.editor.plusShipping', { amount: formatMoney(v.shipping_cost, PRODUCT_CURRENCY, locale) })}
                      </Text>
                    ) : null}
                  </Table.Cell>
                  <Table.Cell>
                    <AmountInput
                      label={t('importList.editor.price')}
                      value={v.price}
                      invalid={!Number.isFinite(v.price) || v.price < 0}
                      onChange={(price) => onChange(updateVariant(product, v.id, { price: price ?? Number.NaN }))}
                      testId={`variant-price-${v.id}`}
                    />
                  </Table.Cell>
                  <Table.Cell>
                    <AmountInput
                      label={t('importList.editor.compareAt')}
                      value={v.compare_at_price ?? null}
                      onChange={(compare) => onChange(updateVariant(product, v.id, { compare_at_price: compare }))}
                      testId={`variant-compare-${v.id}`}
                    />
                  </Table.Cell>
                  <Table.Cell textAlign="end" dir="ltr" color={loss ? 'fg.error' : undefined} data-testid={`variant-profit-${v.id}`}>
                    {formatMoney(earned.profit, PRODUCT_CURRENCY, locale)}
                  </Table.Cell>
                  <Table.Cell textAlign="end" color={loss ? 'fg.error' : undefined} data-testid={`variant-margin-${v.id}`}>
                    {formatPercent(earned.margin, locale)}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{v.stock}</Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Box>
    </Stack>
  );
}
