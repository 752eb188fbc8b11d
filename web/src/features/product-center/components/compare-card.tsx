import { Button, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/ui/section-card';
import { currentLanguage } from '@/lib/i18n';
import { formatMoney } from '@/lib/money';
import type { ProductCompare } from '@/types/api.gen';
import { useCompare } from '../api/editor';

/** "—" for what a side does not have (a variant missing in a store, a supplier that dropped it). */
const DASH = '—';

function Body({ data, labelOf }: { data: ProductCompare; labelOf: (destination: string, fallback: string) => string }) {
  const { t } = useTranslation();
  const locale = currentLanguage();
  const money = (v: number | null | undefined, currency: string) =>
    v === null || v === undefined ? DASH : formatMoney(v, currency, locale);
  const stock = (v: number | null | undefined) => (v === null || v === undefined ? DASH : String(v));
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" data-testid="compare-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader />
            <Table.ColumnHeader>{t('productCenter.compare.dropline')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('productCenter.compare.supplier')}</Table.ColumnHeader>
            {data.stores.map((s) => (
              <Table.ColumnHeader key={s.destination}>{labelOf(s.destination, s.channel_label)}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          <Table.Row data-testid="compare-title">
            <Table.Cell fontWeight="medium">{t('productCenter.compare.title')}</Table.Cell>
            <Table.Cell>{data.title}</Table.Cell>
            <Table.Cell>{data.supplier_title ?? DASH}</Table.Cell>
            {data.stores.map((s) => (
              <Table.Cell key={s.destination} data-testid="compare-store-title" data-destination={s.destination}>
                {s.title ?? (s.missing ? t('productCenter.compare.missing') : s.error || DASH)}
              </Table.Cell>
            ))}
          </Table.Row>
          {data.variants.map((v) => (
            <Table.Row key={v.variant_id} data-testid="compare-variant" data-id={v.variant_id}>
              <Table.Cell fontWeight="medium">{v.label || t('productCenter.compare.onlyVariant')}</Table.Cell>
              <Table.Cell>
                {money(v.price, 'USD')} · {stock(v.stock)}
              </Table.Cell>
              <Table.Cell>
                {money(v.supplier_cost, 'USD')} · {stock(v.supplier_stock)}
              </Table.Cell>
              {v.stores.map((s) => {
                const currency = data.stores.find((x) => x.destination === s.destination)?.currency || 'USD';
                return (
                  <Table.Cell key={s.destination} data-destination={s.destination}>
                    {money(s.price, currency)} · {stock(s.stock)}
                  </Table.Cell>
                );
              })}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/**
 * Each store's copy of the product beside Dropline's and the supplier's (title; per variant
 * price · stock). Read only when asked: it calls every store and the supplier.
 */
export function CompareCard({ productId, labelOf }: { productId: string; labelOf: (destination: string, fallback: string) => string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data, error, isValidating, mutate } = useCompare(open ? productId : null);
  return (
    <SectionCard
      title={t('productCenter.compare.heading')}
      hint={t('productCenter.compare.hint')}
      testId="editor-compare"
      actions={
        <Button
          size="sm"
          variant="outline"
          loading={isValidating}
          onClick={() => (open ? void mutate() : setOpen(true))}
          data-testid="editor-compare-load"
        >
          {open ? t('productCenter.compare.refresh') : t('productCenter.compare.load')}
        </Button>
      }
    >
      {error ? (
        <Text fontSize="sm" color="fg.error">
          {error.message || t('productCenter.compare.failed')}
        </Text>
      ) : null}
      {data ? (
        <Stack gap="2">
          {data.supplier_error ? (
            <Text fontSize="xs" color="fg.warning">
              {data.supplier_error}
            </Text>
          ) : null}
          <Body data={data} labelOf={labelOf} />
        </Stack>
      ) : null}
    </SectionCard>
  );
}
