import { Badge, Box, HStack, Image, Skeleton, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { formatMoney } from '@/lib/money';
import type { LogisticsOption, ProductDetail } from '@/types/products';
import { formatShippingCost, formatShippingTime, parseDeliveryTime } from '../lib/format';

/** Every variant of the detail, in stock first: what an import takes, then the sold-out ones it skips. */
export function allVariants(detail: ProductDetail) {
  return [...detail.variants, ...(detail.sold_out_variants ?? [])];
}

/**
 * Variants with their stock, filtered by the chosen option values. Sold-out variants are shown
 * marked (greyed, "Sold out"): the supplier lists them, but an import leaves them out.
 */
export function VariantsTable({ detail, chosen }: { detail: ProductDetail; chosen: Record<string, string> }) {
  const { t } = useTranslation();
  const locale = currentLanguage();
  const names = detail.options.map((o) => o.name);
  const rows = allVariants(detail).filter((v) => Object.entries(chosen).every(([name, value]) => v.options[name] === value));
  return (
    <Box overflowX="auto" borderWidth="1px" borderRadius="lg" bg="bg">
      <Table.Root size="sm" data-testid="variants-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader w="12" />
            {names.map((n) => (
              <Table.ColumnHeader key={n}>{n}</Table.ColumnHeader>
            ))}
            <Table.ColumnHeader textAlign="end">{t('findProduct.detail.price')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('findProduct.detail.compareAt')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('findProduct.detail.stock')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((v) => (
            <Table.Row key={v.sku_id} data-testid="variant-row" data-sold-out={v.stock <= 0} opacity={v.stock > 0 ? 1 : 0.6}>
              <Table.Cell>{v.image ? <Image src={v.image} alt="" boxSize="8" borderRadius="sm" objectFit="cover" /> : null}</Table.Cell>
              {names.map((n) => (
                <Table.Cell key={n}>{v.options[n] ?? '-'}</Table.Cell>
              ))}
              <Table.Cell textAlign="end" dir="ltr" data-testid="variant-price">
                {formatMoney(v.price, 'USD', locale)}
              </Table.Cell>
              <Table.Cell textAlign="end" dir="ltr" color="fg.muted">
                {v.compare_at_price ? formatMoney(v.compare_at_price, 'USD', locale) : '-'}
              </Table.Cell>
              <Table.Cell textAlign="end" data-testid="variant-stock">
                {v.stock > 0 ? (
                  v.stock.toLocaleString(locale)
                ) : (
                  <Badge size="sm" colorPalette="red" variant="subtle">
                    {t('findProduct.detail.soldOut')}
                  </Badge>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
          {rows.length === 0 ? (
            <Table.Row>
              <Table.Cell colSpan={names.length + 4}>
                <Text color="fg.muted">{t('findProduct.detail.noVariants')}</Text>
              </Table.Cell>
            </Table.Row>
          ) : null}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

/** Shipping methods to the ship-to country (cost FREE at 0, delivery time per spec section 5). */
export function LogisticsTable({ options, loading }: { options: readonly LogisticsOption[] | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const locale = currentLanguage();
  if (loading) return <Skeleton h="20" />;
  if (!options || options.length === 0)
    return (
      <Text color="fg.muted" data-testid="logistics-empty">
        {t('findProduct.detail.noLogistics')}
      </Text>
    );
  return (
    <Box overflowX="auto" borderWidth="1px" borderRadius="lg" bg="bg">
      <Table.Root size="sm" data-testid="logistics-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('findProduct.detail.carrier')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('findProduct.detail.shippingCost')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('findProduct.detail.deliveryTime')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {options.map((o) => {
            const time = parseDeliveryTime(o.delivery_time);
            return (
              <Table.Row key={o.code} data-testid="logistics-row">
                <Table.Cell>
                  <HStack gap="2">
                    <Text>{o.company}</Text>
                  </HStack>
                </Table.Cell>
                <Table.Cell textAlign="end" dir="ltr">
                  {formatShippingCost(o.amount, t, o.currency || 'USD', locale)}
                </Table.Cell>
                <Table.Cell textAlign="end">{formatShippingTime(time.min, time.max, t)}</Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
