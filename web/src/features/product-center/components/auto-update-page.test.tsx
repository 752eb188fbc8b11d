import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { renderRoute } from '@/test/render';
import { AutoUpdatePage } from './auto-update-page';

const SETTINGS = {
  is_enable: true,
  update_price: true,
  price_rule: 'pricing_rule',
  out_of_stock: 'set_zero',
  notify_sku_removed: true,
  switch_supplier: false,
  interval_hours: 24,
};

describe('auto update settings', () => {
  it('reads and saves the settings (GET/PUT products/auto-update)', async () => {
    const calls = mockApi((c) => {
      if (c.path === 'products/auto-update' && c.method === 'GET') return { data: { settings: SETTINGS, last_run_at: null } };
      if (c.path === 'products/auto-update' && c.method === 'PUT') return { data: { settings: c.body } };
      return undefined;
    });
    renderRoute(<AutoUpdatePage />, { path: '/app/products/auto-update' });
    await screen.findByTestId('auto-update-page');
    expect(screen.getByTestId('auto-update-last-run').textContent).toBe('Last sync: never');
    fireEvent.click(screen.getByTestId('auto-update-price_rule-keep_margin'));
    fireEvent.click(screen.getByTestId('auto-update-out_of_stock-unpublish'));
    const toggle = within(screen.getByTestId('auto-update-switch_supplier')).getByRole('checkbox', { hidden: true }) as HTMLInputElement;
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getByTestId('auto-update-switch_supplier').getAttribute('data-state')).toBe('checked'));
    fireEvent.change(screen.getByTestId('auto-update-interval'), { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('auto-update-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      ...SETTINGS,
      price_rule: 'keep_margin',
      out_of_stock: 'unpublish',
      switch_supplier: true,
      interval_hours: 12,
    });
    await waitFor(() => expect(screen.getAllByTestId('toast').some((t) => t.textContent?.includes('Settings saved.'))).toBe(true));
  });

  it('Sync now posts center/products/auto_update and reports a failed job', async () => {
    const calls = mockApi((c) => {
      if (c.path === 'products/auto-update') return { data: { settings: SETTINGS, last_run_at: new Date().toISOString() } };
      if (c.path === 'center/products/auto_update') return { data: { progress_id: 4 } };
      if (c.path === 'progress/4') return { data: { id: 4, status: 'error', error: 'supplier unreachable' } };
      return undefined;
    });
    renderRoute(<AutoUpdatePage />, { path: '/app/products/auto-update' });
    await screen.findByTestId('auto-update-page');
    expect(screen.getByTestId('auto-update-last-run').textContent).toBe('Last sync: Just now');
    fireEvent.click(screen.getByTestId('auto-update-sync-now'));
    await waitFor(() => expect(screen.getAllByTestId('toast').some((t) => t.textContent?.includes('supplier unreachable'))).toBe(true));
    expect(calls.find((c) => c.path === 'center/products/auto_update')!.method).toBe('POST');
  });
});
