import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { renderRoute } from '@/test/render';
import type { ImportListItem } from '@/types/products';
import { ImportListPage } from './import-list-page';

const item = (id: string, over: Partial<ImportListItem> = {}): ImportListItem => ({
  id,
  title: `Imported ${id}`,
  image: `https://img.test/${id}.jpg`,
  source: 'aliexpress',
  source_product_id: `s${id}`,
  ship_to: 'GB',
  cost_from: 5,
  cost_to: 7.5,
  price_from: 10,
  price_to: 15,
  variant_count: 4,
  created_at: '2026-01-01T00:00:00Z',
  ...over,
});

function listApi(display: { currency: string; rates: Record<string, number> } = { currency: 'USD', rates: { USDUSD: 1 } }) {
  let items = [item('a'), item('b', { cost_to: 5, price_to: 10, variant_count: 1 }), item('c')];
  return mockApi((c) => {
    if (c.path === 'center/products/import/listing') return { data: { total: items.length, items, display } };
    if (c.path === 'center/products/import/delete') {
      const ids = (c.body as { ids: string[] }).ids;
      items = items.filter((i) => !ids.includes(i.id));
      return { data: { deleted: ids.length } };
    }
    if (c.path === 'center/products/pricing/reapply') {
      items = items.map((i) => ({ ...i, price_from: 15.99, price_to: 22.99 }));
      return { data: { updated: items.length } };
    }
    if (c.path === 'center/products/import/duplicate') {
      const ids = (c.body as { ids: string[] }).ids;
      const copies = items.filter((i) => ids.includes(i.id)).map((i) => item(`${i.id}-copy`, { title: i.title }));
      items = [...copies, ...items];
      return { data: { product_ids: copies.map((i) => i.id) } };
    }
    if (c.path === 'center/products/bulk_update') return { data: { updated: (c.body as { ids: string[] }).ids.length } };
    return undefined;
  });
}

const row = (id: string) => screen.getAllByTestId('import-row').find((r) => r.getAttribute('data-id') === id)!;
/** Ticks a checkbox (Zag applies the change asynchronously). */
async function tick(box: HTMLElement) {
  const input = within(box).getByRole('checkbox', { hidden: true }) as HTMLInputElement;
  fireEvent.click(input);
  await waitFor(() => expect(input.checked).toBe(true));
}

/** Waits for the bulk bar to count `n` selected products: the selection is committed, not only the box drawn. */
async function selectedCount(n: number) {
  await waitFor(() => expect(screen.getByTestId('import-bulk-bar').textContent).toContain(`Selected: ${n}`));
}

/** Selects the rows one after the other, each committed before the next. */
async function selectRows(...ids: string[]) {
  for (const [i, id] of ids.entries()) {
    await tick(row(id));
    await selectedCount(i + 1);
  }
}

describe('import list', () => {
  it('shows each USD range again in the workspace currency, and nothing more in a USD workspace', async () => {
    listApi({ currency: 'EUR', rates: { USDUSD: 1, USDEUR: 0.9 } });
    renderRoute(<ImportListPage />, { path: '/app/products-import' });
    await screen.findAllByTestId('import-row');
    const a = within(row('a'));
    expect(a.getByTestId('import-row-price').textContent).toBe('$10.00 - $15.00');
    expect(a.getByTestId('import-row-price-display').textContent).toBe('≈ €9.00 - €13.50');
    expect(a.getByTestId('import-row-cost-display').textContent).toBe('≈ €4.50 - €6.75');
  });

  it('leaves the converted line out without a rate or in a USD workspace', async () => {
    listApi({ currency: 'GBP', rates: { USDUSD: 1 } });
    const view = renderRoute(<ImportListPage />, { path: '/app/products-import' });
    await screen.findAllByTestId('import-row');
    expect(screen.queryAllByTestId('import-row-price-display')).toHaveLength(0);
    view.unmount();
    listApi();
    renderRoute(<ImportListPage />, { path: '/app/products-import' });
    await screen.findAllByTestId('import-row');
    expect(screen.queryAllByTestId('import-row-price-display')).toHaveLength(0);
  });

  it('lists the imported products with source, cost and price ranges, variants and an edit link', async () => {
    const calls = listApi();
    renderRoute(<ImportListPage />, { path: '/app/products-import' });
    await screen.findAllByTestId('import-row');
    const q = calls.find((c) => c.path === 'center/products/import/listing')!.query;
    expect([q.get('page'), q.get('page_size')]).toEqual(['1', '20']);
    const a = within(row('a'));
    expect(a.getByTestId('import-row-cost').textContent).toBe('$5.00 - $7.50');
    expect(a.getByTestId('import-row-price').textContent).toBe('$10.00 - $15.00');
    expect(a.getByTestId('import-row-variants').textContent).toBe('Variants: 4');
    expect(row('a').textContent).toContain('AliExpress');
    expect(row('a').textContent).toContain('Ships to UK');
    expect(a.getByTestId('import-row-edit').getAttribute('href')).toBe('/app/products-import/editor/a');
    expect(within(row('b')).getByTestId('import-row-price').textContent).toBe('$10.00');
  });

  it('deletes the selected products after confirmation', async () => {
    const calls = listApi();
    const onChanged = vi.fn();
    renderRoute(<ImportListPage onChanged={onChanged} />, { path: '/app/products-import' });
    await screen.findAllByTestId('import-row');
    await selectRows('a', 'c');
    expect(screen.getByTestId('import-bulk-bar').textContent).toContain('Selected: 2');
    fireEvent.click(screen.getByTestId('bulk-delete'));
    expect((await screen.findByTestId('delete-dialog')).textContent).toContain('Delete the selected products (2)?');
    fireEvent.click(screen.getByTestId('delete-dialog-confirm'));
    await waitFor(() => expect(screen.getAllByTestId('import-row')).toHaveLength(1));
    const del = calls.find((c) => c.path === 'center/products/import/delete')!;
    expect([del.method, del.body]).toEqual(['DELETE', { ids: ['a', 'c'] }]);
    expect(onChanged).toHaveBeenCalled();
  });

  it('duplicates the selected products (POST center/products/import/duplicate {ids})', async () => {
    const calls = listApi();
    const onChanged = vi.fn();
    renderRoute(<ImportListPage onChanged={onChanged} />, { path: '/app/products-import' });
    await screen.findAllByTestId('import-row');
    await selectRows('a', 'c');
    fireEvent.click(screen.getByTestId('bulk-duplicate'));
    await waitFor(() => expect(screen.getAllByTestId('import-row')).toHaveLength(5));
    const post = calls.find((c) => c.path === 'center/products/import/duplicate')!;
    expect([post.method, post.body]).toEqual(['POST', { ids: ['a', 'c'] }]);
    expect(post.headers.get('api-version')).toBe('v2');
    await waitFor(() => expect(screen.getAllByTestId('toast').some((t) => t.textContent?.includes('Copies created: 2'))).toBe(true));
    expect(onChanged).toHaveBeenCalled();
    expect(screen.queryByTestId('bulk-duplicate')).toBeNull();
  });

  it('re-applies the pricing rule to all products, or to the selected ones', async () => {
    const calls = listApi();
    renderRoute(<ImportListPage />, { path: '/app/products-import' });
    await screen.findAllByTestId('import-row');
    fireEvent.click(screen.getByTestId('reapply-pricing'));
    fireEvent.click(await screen.findByTestId('reapply-dialog-confirm'));
    await waitFor(() => expect(within(row('a')).getByTestId('import-row-price').textContent).toBe('$15.99 - $22.99'));
    expect(calls.find((c) => c.path === 'center/products/pricing/reapply')?.body).toEqual({});

    await tick(row('b'));
    // The box is drawn ticked before the selection reaches the button's label.
    await waitFor(() => expect(screen.getByTestId('reapply-pricing').textContent).toContain('(1)'));
    fireEvent.click(screen.getByTestId('reapply-pricing'));
    fireEvent.click(await screen.findByTestId('reapply-dialog-confirm'));
    await waitFor(() => expect(calls.filter((c) => c.path === 'center/products/pricing/reapply')).toHaveLength(2));
    expect(calls.filter((c) => c.path === 'center/products/pricing/reapply')[1].body).toEqual({ ids: ['b'] });
  });

  it('bulk edit: tags, product type, vendor and a price change', async () => {
    const calls = listApi();
    renderRoute(<ImportListPage />, { path: '/app/products-import' });
    await screen.findAllByTestId('import-row');
    await tick(screen.getByTestId('import-select-all'));
    fireEvent.click(screen.getByTestId('bulk-edit'));
    const dialog = within(await screen.findByTestId('bulk-edit-dialog'));
    expect((dialog.getByTestId('bulk-apply') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(dialog.getByTestId('bulk-tags-input'), { target: { value: 'summer, sale' } });
    fireEvent.keyDown(dialog.getByTestId('bulk-tags-input'), { key: 'Enter' });
    fireEvent.change(dialog.getByTestId('bulk-product-type'), { target: { value: 'Lamps' } });
    fireEvent.change(dialog.getByTestId('bulk-vendor'), { target: { value: 'Acme' } });
    fireEvent.change(dialog.getByTestId('bulk-price-op'), { target: { value: 'multiply' } });
    fireEvent.change(dialog.getByTestId('bulk-price-value'), { target: { value: '1.1' } });
    fireEvent.click(dialog.getByTestId('bulk-apply'));
    await waitFor(() => expect(calls.some((c) => c.path === 'center/products/bulk_update')).toBe(true));
    const put = calls.find((c) => c.path === 'center/products/bulk_update')!;
    expect(put.method).toBe('PUT');
    expect(put.body).toEqual({
      ids: ['a', 'b', 'c'],
      tags_add: ['summer', 'sale'],
      product_type: 'Lamps',
      vendor: 'Acme',
      price: { op: 'multiply', value: 1.1 },
    });
  });

  it('shows the empty list with a way to find products', async () => {
    mockApi(() => ({ data: { total: 0, items: [] } }));
    renderRoute(<ImportListPage />, { path: '/app/products-import' });
    expect((await screen.findByTestId('import-list-empty')).textContent).toContain('Your import list is empty.');
  });
});
