import { Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Pager } from '@/components/pager';
import { formatMoney, toAmount } from '@/lib/money';
import { sourceName } from '@/lib/sources';
import type { TransactionLog } from '@/types/wallet';
import { SectionCard } from '@/components/ui/section-card';
import { TRANSACTIONS_PAGE_SIZE, useTransactions } from '../api/wallet';

const ORDER_KINDS: Record<string, string> = {
  order_payment: 'payment',
  card_payment: 'payment',
  refund: 'refund',
  reversal: 'reversal',
};

/**
 * What a line paid for, as the owner knows it: the store's order name, the supplier and the
 * supplier's own order number. Top-ups and bonuses keep the text they were recorded with.
 */
export function describe(tx: TransactionLog, t: TFunction): string {
  const key = ORDER_KINDS[tx.kind];
  if (!key || !tx.store_order) return tx.description;
  const text = t(`wallet.transactions.describe.${key}`, { order: tx.store_order, supplier: tx.supplier ? sourceName(tx.supplier) : '' });
  return tx.supplier_order_no ? `${text} (${t('wallet.transactions.describe.supplierOrder', { number: tx.supplier_order_no })})` : text;
}

/** The wallet's ledger: top-ups, payments, refunds. */
export function TransactionsCard() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const { data } = useTransactions(page);
  const items = data?.items ?? [];
  return (
    <SectionCard title={t('wallet.transactions.title')} testId="wallet-transactions">
      {data && items.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('wallet.transactions.empty')}
        </Text>
      ) : (
        <Table.ScrollArea>
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('wallet.transactions.date')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('wallet.transactions.kind')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('wallet.transactions.description')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('wallet.transactions.amount')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {items.map((tx) => {
                const amount = toAmount(tx.amount) ?? 0;
                return (
                  <Table.Row key={tx.id} data-testid="wallet-transaction" data-kind={tx.kind} data-amount={amount}>
                    <Table.Cell whiteSpace="nowrap">{new Date(tx.created_at).toLocaleString(i18n.language)}</Table.Cell>
                    <Table.Cell>{t(`wallet.kinds.${tx.kind}`, { defaultValue: tx.kind })}</Table.Cell>
                    <Table.Cell data-testid="wallet-transaction-description">{describe(tx, t)}</Table.Cell>
                    <Table.Cell textAlign="end" dir="ltr" color={amount < 0 ? 'fg.error' : 'green.fg'}>
                      {formatMoney(amount, 'USD', i18n.language)}
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {data ? (
        <Pager page={page} pageSize={TRANSACTIONS_PAGE_SIZE} total={data.total} onChange={setPage} testId="wallet-transactions-pager" />
      ) : null}
    </SectionCard>
  );
}
