import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toaster } from '@/lib/toaster';
import { mockApi } from '@/test/api-mock';
import { renderRoute } from '@/test/render';
import { CsvImport } from './csv-import';

const REPORT = {
  imported: 2,
  rows: [
    { row: 2, order: '#1001', tracking_number: 'LX1234567890CN', status: 'imported', error: null },
    { row: 3, order: '#9999', tracking_number: 'LX5555566666CN', status: 'error', error: 'no order #9999' },
    { row: 4, order: '#1002', tracking_number: 'LY9876543210CN', status: 'imported', error: null },
    { row: 5, order: '#1001', tracking_number: 'LX1234567890CN', status: 'duplicate', error: null },
  ],
};

const choose = (name = 'tracking.csv') =>
  fireEvent.change(screen.getByTestId('csv-import-file'), {
    target: { files: [new File(['order,tracking_number\n'], name, { type: 'text/csv' })] },
  });

describe('CSV tracking import', () => {
  it('sends the file as form data and lists the bad row with its reason', async () => {
    const onImported = vi.fn();
    const calls = mockApi((c) => (c.path === 'orders/v2/trackings/import' ? { data: REPORT } : undefined));
    const fetchMock = globalThis.fetch as unknown as ReturnType<typeof vi.fn>;
    renderRoute(<CsvImport onImported={onImported} />);
    choose();
    const report = await screen.findByTestId('import-report');
    expect(report.getAttribute('data-imported')).toBe('2');
    expect(screen.getByTestId('import-summary').textContent).toBe('2 imported, 1 with errors, 4 rows in all.');
    const bad = screen.getAllByTestId('import-row').filter((r) => r.getAttribute('data-status') === 'error');
    expect(bad).toHaveLength(1);
    expect(bad[0].textContent).toContain('#9999');
    expect(bad[0].textContent).toContain('no order #9999');
    expect(onImported).toHaveBeenCalled();
    expect(calls[0].method).toBe('POST');
    const init = fetchMock.mock.calls[0][1] as RequestInit;
    expect(init.body).toBeInstanceOf(FormData);
    expect(((init.body as FormData).get('file') as File).name).toBe('tracking.csv');
    expect(new Headers(init.headers).get('Content-Type')).toBeNull();
  });

  it('shows a refused file inline, without an error toast', async () => {
    const toast = vi.spyOn(toaster, 'create');
    mockApi((c) =>
      c.path === 'orders/v2/trackings/import'
        ? { status: 204, message: 'Invalid', errors: { file: ['the file has no header order, tracking_number'] } }
        : undefined,
    );
    renderRoute(<CsvImport />);
    choose('bad.csv');
    expect((await screen.findByTestId('csv-import-error')).textContent).toContain('no header');
    await waitFor(() => expect(toast).not.toHaveBeenCalled());
    toast.mockRestore();
  });
});
