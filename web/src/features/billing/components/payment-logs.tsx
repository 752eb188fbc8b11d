import { Badge, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '@/components/pager';
import { SectionCard } from '@/components/ui/section-card';
import { formatMoney } from '@/lib/money';
import { useIsMobile } from '@/lib/use-media-query';
import { usePaymentLogs } from '../api/plan';
import { formatDay } from '../lib/plans';
import type { PaymentLog } from '../types';

const PAGE_SIZE = 10;

function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const palette = status === 'paid' || status === 'succeeded' ? 'green' : status === 'failed' ? 'red' : 'gray';
  return <Badge colorPalette={palette}>{t(`billing.logs.status.${status}`, { defaultValue: status })}</Badge>;
}

function LogCard({ log }: { log: PaymentLog }) {
  const { i18n } = useTranslation();
  return (
    <Stack gap="1" borderTopWidth="1px" pt="2" data-testid="payment-log">
      <Text fontWeight="medium">{log.description}</Text>
      <Text fontSize="sm" color="fg.muted">
        {formatDay(log.created_at, i18n.language)} · {formatMoney(log.amount, log.currency, i18n.language)}
      </Text>
      <StatusBadge status={log.status} />
    </Stack>
  );
}

/** The workplace's payments (plan invoices, extras, refunds), newest first, ten a page. */
export function PaymentLogs() {
  const { t, i18n } = useTranslation();
  const isMobile = useIsMobile();
  const [page, setPage] = useState(1);
  const logs = usePaymentLogs(page, PAGE_SIZE);
  const items = logs.data?.items ?? [];
  return (
    <SectionCard title={t('billing.logs.title')} testId="payment-logs">
      {logs.isLoading ? <Skeleton h="20" /> : null}
      {logs.error ? <Text color="fg.muted">{t('billing.logs.unavailable')}</Text> : null}
      {logs.data && items.length === 0 ? <Text color="fg.muted">{t('billing.logs.none')}</Text> : null}
      {items.length > 0 && isMobile ? items.map((log) => <LogCard key={log.id} log={log} />) : null}
      {items.length > 0 && !isMobile ? (
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('billing.logs.date')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('billing.logs.description')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('billing.logs.amount')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('billing.logs.statusLabel')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {items.map((log) => (
              <Table.Row key={log.id} data-testid="payment-log">
                <Table.Cell>{formatDay(log.created_at, i18n.language)}</Table.Cell>
                <Table.Cell>{log.description}</Table.Cell>
                <Table.Cell textAlign="end">{formatMoney(log.amount, log.currency, i18n.language)}</Table.Cell>
                <Table.Cell>
                  <StatusBadge status={log.status} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      ) : null}
      <Pager page={page} pageSize={PAGE_SIZE} total={logs.data?.total ?? 0} onChange={setPage} testId="payment-logs-pager" />
    </SectionCard>
  );
}
