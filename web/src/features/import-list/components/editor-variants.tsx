import { Box, Image, Switch, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from '@/components/money-input';
import { currentLanguage } from '@/lib/i18n';
import { formatMoney } from '@/lib/money';
import type { ImportedProduct } from '@/types/products';
import { updateVariant } from '../lib/editor';

/** Variants: cost read-only, price and compare-at price editable, enabled toggle. */
export function EditorVariants({ product, onChange }: { product: ImportedProduct; onChange: (p: ImportedProduct) => void }) {
  const { t } = useTranslation();
  const locale = currentLanguage();
  const names = product.options.map((o) => o.name);
  const enabledCount = product.variants.filter((v) => v.enabled).length;
  return (
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
            <Table.ColumnHeader textAlign="end">{t('importList.editor.stock')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {product.variants.map((v) => (
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
                {formatMoney(v.cost, 'USD', locale)}
                {v.shipping_cost ? (
                  <Text as="span" display="block" fontSize="2xs">
                    {t('importList.editor.plusShipping', { amount: formatMoney(v.shipping_cost, 'USD', locale) })}
                  </Text>
                ) : null}
              </Table.Cell>
              <Table.Cell>
                <MoneyInput
                  size="sm"
                  value={v.price}
                  aria-invalid={!Number.isFinite(v.price) || v.price < 0}
                  borderColor={!Number.isFinite(v.price) || v.price < 0 ? 'border.error' : undefined}
                  aria-label={t('importList.editor.price')}
                  onChange={(price) => onChange(updateVariant(product, v.id, { price: price ?? Number.NaN }))}
                  data-testid={`variant-price-${v.id}`}
                />
              </Table.Cell>
              <Table.Cell>
                <MoneyInput
                  size="sm"
                  value={v.compare_at_price ?? null}
                  aria-label={t('importList.editor.compareAt')}
                  onChange={(compare) => onChange(updateVariant(product, v.id, { compare_at_price: compare }))}
                  data-testid={`variant-compare-${v.id}`}
                />
              </Table.Cell>
              <Table.Cell textAlign="end">{v.stock}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
