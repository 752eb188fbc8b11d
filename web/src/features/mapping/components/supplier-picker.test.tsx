import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { makeSupplierDetail } from '@/test/mapping';
import { renderRoute } from '@/test/render';
import { SupplierPicker } from './supplier-picker';

const imported = (items: { id: string; source: string; source_product_id: string; title: string }[]) => ({
  total: items.length,
  page: 1,
  page_size: 100,
  items: items.map((i) => ({ ...i, image: null, stage: 'import_list', copy_of: null, created_at: '2026-11-01T00:00:00Z' })),
});

describe('supplier picker', () => {
  it('maps to a product the workspace already imported, chosen by its title', async () => {
    const calls = mockApi((c) => {
      if (c.path === 'center/products/imported_list')
        return { data: imported([{ id: 'p9', source: 'cj', source_product_id: 'c1', title: 'Desk lamp' }]) };
      if (c.path === 'center/products/source/cj/c1') return { data: makeSupplierDetail('cj', 'c1', ['c1-x', 'c1-y']) };
      return undefined;
    });
    const onAdd = vi.fn();
    renderRoute(<SupplierPicker variantId="v1" problemOf={() => null} onAdd={onAdd} onCancel={() => undefined} />);
    const choice = (await screen.findByTestId('picker-v1-imported')) as HTMLSelectElement;
    expect([...choice.options].map((o) => o.textContent)).toEqual([
      'Choose one, or enter a supplier product below',
      'Desk lamp · CJ Dropshipping',
    ]);
    fireEvent.change(choice, { target: { value: 'p9' } });
    // The choice fills the supplier fields and lists that product's variants at once.
    const sku = (await screen.findByTestId('picker-v1-sku')) as HTMLSelectElement;
    expect(sku.options).toHaveLength(2);
    expect((screen.getByTestId('picker-v1-product-id') as HTMLInputElement).value).toBe('c1');
    fireEvent.click(screen.getByTestId('picker-v1-add'));
    await waitFor(() =>
      expect(onAdd).toHaveBeenCalledWith({ source: 'cj', source_product_id: 'c1', sku_id: 'c1-x', ship_to_countries: [] }),
    );
    expect(calls.find((c) => c.path === 'center/products/imported_list')!.query.get('page_size')).toBe('100');
  });

  it('offers no choice when nothing is imported yet', async () => {
    const calls = mockApi((c) => (c.path === 'center/products/imported_list' ? { data: imported([]) } : undefined));
    renderRoute(<SupplierPicker variantId="v1" problemOf={() => null} onAdd={() => undefined} onCancel={() => undefined} />);
    await waitFor(() => expect(calls.some((c) => c.path === 'center/products/imported_list')).toBe(true));
    expect(screen.queryByTestId('picker-v1-imported')).toBeNull();
    expect(screen.getByTestId('picker-v1-product-id')).toBeTruthy();
  });
});
