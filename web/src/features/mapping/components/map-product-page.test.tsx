import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type MockReply, mockApi } from '@/test/api-mock';
import { makeStoreProduct, makeSupplierDetail } from '@/test/mapping';
import { renderRoute } from '@/test/render';
import type { StoreProduct } from '@/types/mapping';
import { MapProductPage } from './map-product-page';

const ROUTE = '/app/products/map/:id';

function mapApi(
  mapReply: (body: unknown) => MockReply = () => ({ data: makeStoreProduct({ mapped: true }) }),
  product: StoreProduct = makeStoreProduct(),
) {
  return mockApi((c) => {
    if (c.path === 'center/products/listings/sp1') return { data: product };
    if (c.path === 'center/products/source/aliexpress/a1') return { data: makeSupplierDetail('aliexpress', 'a1', ['a1-red', 'a1-blue']) };
    if (c.path === 'center/products/source/cj/c1') return { data: makeSupplierDetail('cj', 'c1', ['c1-x']) };
    if (c.path === 'center/products/source/temu/t1') return { data: makeSupplierDetail('temu', 't1', ['t1-x']) };
    if (c.path === 'products/sp1/map-variant') return mapReply(c.body);
    if (c.path === 'products/sp1/map-group') return { data: product };
    return undefined;
  });
}

/** Adds a supplier to variant v1 through the picker: source, product id, find variants, SKU, countries. */
async function addSupplier(source: string, id: string, sku?: string, countries?: string) {
  fireEvent.click(screen.getByTestId('supplier-add-v1'));
  fireEvent.change(screen.getByTestId('picker-v1-source'), { target: { value: source } });
  fireEvent.change(screen.getByTestId('picker-v1-product-id'), { target: { value: id } });
  fireEvent.click(screen.getByTestId('picker-v1-load'));
  const select = (await screen.findByTestId('picker-v1-sku')) as HTMLSelectElement;
  if (sku) fireEvent.change(select, { target: { value: sku } });
  if (countries) fireEvent.change(screen.getByTestId('picker-v1-countries'), { target: { value: countries } });
  fireEvent.click(screen.getByTestId('picker-v1-add'));
  await waitFor(() => expect(screen.queryByTestId('picker-v1')).toBeNull());
}

const drafted = () =>
  within(screen.getByTestId('suppliers-v1'))
    .queryAllByTestId('draft-supplier')
    .map((el) => `${el.getAttribute('data-priority')}:${el.getAttribute('data-source')}:${el.getAttribute('data-sku')}`);

describe('mapping editor', () => {
  it("shows each variant with title, SKU, price and options, and lists a supplier product's variants to choose from", async () => {
    mapApi();
    renderRoute(<MapProductPage />, { path: '/app/products/map/sp1', route: ROUTE });
    const v1 = within((await screen.findAllByTestId('map-variant'))[0]);
    expect(v1.getByTestId('map-variant-title').textContent).toBe('Red / S');
    expect(v1.getByTestId('map-variant-sku').textContent).toBe('SKU: LAMP-RS');
    expect(v1.getByTestId('map-variant-price').textContent).toBe('$24.50');
    expect(v1.getByTestId('map-variant-options').textContent).toBe('Color: Red / Size: S');
    fireEvent.click(screen.getByTestId('supplier-add-v1'));
    fireEvent.change(screen.getByTestId('picker-v1-product-id'), { target: { value: 'a1' } });
    fireEvent.click(screen.getByTestId('picker-v1-load'));
    const options = [...((await screen.findByTestId('picker-v1-sku')) as HTMLSelectElement).options].map((o) => o.textContent);
    expect(options).toEqual(['Color: C0 · $5.00 · Stock: 10', 'Color: C1 · $6.00 · Stock: 20']);
  });

  it('saves the suppliers in priority order after adding, reordering and removing', async () => {
    const calls = mapApi();
    renderRoute(<MapProductPage />, { path: '/app/products/map/sp1', route: ROUTE });
    await screen.findByTestId('supplier-add-v1');
    expect((screen.getByTestId('map-save') as HTMLButtonElement).disabled).toBe(true);
    await addSupplier('aliexpress', 'a1', 'a1-blue', 'us, gb');
    await addSupplier('cj', 'c1');
    await addSupplier('temu', 't1');
    expect(drafted()).toEqual(['1:aliexpress:a1-blue', '2:cj:c1-x', '3:temu:t1-x']);
    // CJ first, then drop Temu.
    fireEvent.click(screen.getByTestId('supplier-up-v1-1'));
    expect(drafted()).toEqual(['1:cj:c1-x', '2:aliexpress:a1-blue', '3:temu:t1-x']);
    expect((screen.getByTestId('supplier-up-v1-0') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('supplier-remove-v1-2'));
    expect(drafted()).toEqual(['1:cj:c1-x', '2:aliexpress:a1-blue']);

    fireEvent.click(screen.getByTestId('map-save'));
    await waitFor(() => expect(calls.some((c) => c.path === 'products/sp1/map-variant')).toBe(true));
    const post = calls.find((c) => c.path === 'products/sp1/map-variant')!;
    expect(post.method).toBe('POST');
    expect(post.body).toEqual({
      mappings: [
        {
          variant_id: 'v1',
          suppliers: [
            { source: 'cj', source_product_id: 'c1', sku_id: 'c1-x' },
            { source: 'aliexpress', source_product_id: 'a1', sku_id: 'a1-blue', ship_to_countries: ['US', 'GB'] },
          ],
        },
      ],
    });
    await waitFor(() => expect(screen.getAllByTestId('toast').some((t) => t.textContent?.includes('Mapping saved'))).toBe(true));
  });

  it('refuses the same supplier SKU twice in a variant', async () => {
    mapApi();
    renderRoute(<MapProductPage />, { path: '/app/products/map/sp1', route: ROUTE });
    await screen.findByTestId('supplier-add-v1');
    await addSupplier('cj', 'c1');
    fireEvent.click(screen.getByTestId('supplier-add-v1'));
    fireEvent.change(screen.getByTestId('picker-v1-source'), { target: { value: 'cj' } });
    fireEvent.change(screen.getByTestId('picker-v1-product-id'), { target: { value: 'c1' } });
    fireEvent.click(screen.getByTestId('picker-v1-load'));
    expect((await screen.findByTestId('picker-v1-problem')).textContent).toBe('This supplier variant is already in the list.');
    expect((screen.getByTestId('picker-v1-add') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows DataNotFound as a translated error, on save and for an unknown supplier product', async () => {
    mapApi(() => ({ status: 202, message: 'DataNotFound' }));
    renderRoute(<MapProductPage />, { path: '/app/products/map/sp1', route: ROUTE });
    await screen.findByTestId('supplier-add-v1');
    await addSupplier('cj', 'c1');
    fireEvent.click(screen.getByTestId('map-save'));
    const text = 'Not found: the product, variant, supplier product or supplier SKU does not exist.';
    expect((await screen.findByTestId('map-error')).textContent).toBe(text);
    expect(screen.queryByText('DataNotFound')).toBeNull();

    fireEvent.click(screen.getByTestId('supplier-add-v1'));
    fireEvent.change(screen.getByTestId('picker-v1-product-id'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByTestId('picker-v1-load'));
    expect((await screen.findByTestId('picker-v1-error')).textContent).toBe(text);
  });

  it('maps all variants to one supplier product as a fallback', async () => {
    const calls = mapApi();
    renderRoute(<MapProductPage />, { path: '/app/products/map/sp1', route: ROUTE });
    await screen.findByTestId('map-group');
    fireEvent.change(screen.getByTestId('group-source'), { target: { value: 'cj' } });
    fireEvent.change(screen.getByTestId('group-product-id'), { target: { value: 'c1' } });
    const append = within(screen.getByTestId('group-append')).getByRole('checkbox', { hidden: true }) as HTMLInputElement;
    fireEvent.click(append);
    // The native input flips at once; the box is checked once the page's own state says so,
    // which under load comes a render later.
    await waitFor(() => expect(screen.getByTestId('group-append').getAttribute('data-state')).toBe('checked'));
    fireEvent.click(screen.getByTestId('group-submit'));
    await waitFor(() => expect(calls.some((c) => c.path === 'products/sp1/map-group')).toBe(true));
    expect(calls.find((c) => c.path === 'products/sp1/map-group')!.body).toEqual({ source: 'cj', source_product_id: 'c1', append: true });
  });

  it('shows a missing store product as DataNotFound', async () => {
    mockApi(() => ({ status: 202, message: 'DataNotFound' }));
    renderRoute(<MapProductPage />, { path: '/app/products/map/sp1', route: ROUTE });
    expect((await screen.findByTestId('map-load-error')).textContent).toContain('Not found');
  });
});
