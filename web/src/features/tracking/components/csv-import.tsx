import { Badge, Button, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '@/lib/api';
import type { ImportReport, ImportRowStatus } from '@/types/tracking';
import { SectionCard } from '@/components/ui/section-card';
import { ErrorAlert } from '@/components/ui/error-alert';
import { importTrackings } from '../api/tracking';

const ROW_PALETTE: Record<ImportRowStatus, string> = { imported: 'green', duplicate: 'gray', error: 'red' };

/** The import's row-by-row report: imported, duplicate, or the error with its reason. */
export function ImportReportTable({ report }: { report: ImportReport }) {
  const { t } = useTranslation();
  const bad = report.rows.filter((r) => r.status === 'error').length;
  return (
    <Stack gap="2" data-testid="import-report" data-imported={report.imported} data-errors={bad}>
      <Text fontSize="sm" data-testid="import-summary">
        {t('tracking.import.summary', { imported: report.imported, errors: bad, total: report.rows.length })}
      </Text>
      <Table.ScrollArea borderWidth="1px" borderRadius="md">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('tracking.import.row')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('tracking.fields.order')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('tracking.fields.trackingNumber')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('tracking.import.result')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {report.rows.map((r) => (
              <Table.Row key={r.row} data-testid="import-row" data-row={r.row} data-status={r.status}>
                <Table.Cell>{r.row}</Table.Cell>
                <Table.Cell>{r.order || '—'}</Table.Cell>
                <Table.Cell dir="ltr">{r.tracking_number || '—'}</Table.Cell>
                <Table.Cell>
                  <Stack gap="0.5">
                    <Badge size="sm" colorPalette={ROW_PALETTE[r.status] ?? 'gray'} alignSelf="start">
                      {t(`tracking.import.status.${r.status}`, { defaultValue: r.status })}
                    </Badge>
                    {r.error ? (
                      <Text fontSize="xs" color="fg.error" data-testid="import-row-error">
                        {r.error}
                      </Text>
                    ) : null}
                  </Stack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Stack>
  );
}

/** CSV import of tracking numbers (header: order, tracking_number, carrier). No error toast (spec section 8). */
export function CsvImport({ onImported }: { onImported?: () => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function upload(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setError(null);
    setReport(null);
    const res = await importTrackings(file);
    setBusy(false);
    if (input.current) input.current.value = '';
    if (res.success && res.data) {
      setReport(res.data);
      if (res.data.imported > 0) onImported?.();
    } else setError(res.errors?.file?.[0] ?? (messageOf(res) || t('tracking.import.failed')));
  }

  return (
    <SectionCard
      title={t('tracking.import.title')}
      hint={t('tracking.import.hint')}
      actions={
        <>
          <Button size="sm" colorPalette="teal" onClick={() => input.current?.click()} loading={busy} data-testid="csv-import-choose">
            {t('tracking.import.choose')}
          </Button>
          <Input
            ref={input}
            type="file"
            accept=".csv,text/csv"
            display="none"
            onChange={(e) => void upload(e.target.files?.[0])}
            data-testid="csv-import-file"
            aria-label={t('tracking.import.choose')}
          />
        </>
      }
      testId="csv-import"
    >
      {error ? <ErrorAlert message={error} testId="csv-import-error" /> : null}
      {report ? <ImportReportTable report={report} /> : null}
    </SectionCard>
  );
}
