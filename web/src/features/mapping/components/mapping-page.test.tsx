import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { makeStoreProduct } from '@/test/mapping';
import { renderRoute } from '@/test/render';
import type { StoreProduct } from '@/types/mapping';
import { MappingPage } from './mapping-page';

const mapped = makeStoreProduct({
  id: 'sp2',
  title: 'Mapped lamp',
  mapped: true,
  variants: [
    {
      ...makeStoreProduct().variants[0],
      suppliers: [
        { priority: 2, source: 'cj', source_product_id: 'c1', sku_id: 'c1-x', ship_to_countries: [] },
        { priority: 1, source: 'aliexpress', source_product_id: 'a1', sku_id: 'a1-red', ship_to_countries: ['US'] },
      ],
    },
    makeStoreProduct().variants[1],
  ],
});

function listApi({ syncedAfter = 3 } = {}) {
  let unmapped: StoreProduct[] = [];
  let progressReads = 0;
  const calls = mockApi((c) => {
    if (c.path === 'center/products/listings/unmapped') return { data: { total: unmapped.length, items: unmapped } };
    if (c.path === 'center/products/listings/mapped') return { data: { total: 1, items: [mapped] } };
    if (c.path === 'center/products/listings/sync') return { data: { progress_id: 77 } };
    if (c.path === 'progress/77') {
      progressReads += 1;
      const done = progressReads >= syncedAfter;
      if (done) unmapped = [makeStoreProduct()];
      return { data: { id: 77, kind: 'store_products_sync', status: done ? 'success' : 'processing', error: null } };
    }
    return undefined;
  });
  return calls;
}

const render = () => renderRoute(<MappingPage storeId="store-1" storeName="acme" connectPath="/app/channel" />, { path: '/app/products' });

describe('products page (mapping)', () => {
  it("syncs the store's products, polls the progress until success, then lists them", async () => {
    const calls = listApi();
    render();
    await screen.findByTestId('unmapped-empty');
    const list = calls.find((c) => c.path === 'center/products/listings/unmapped')!;
    expect([list.query.get('store_id'), list.query.get('page'), list.query.get('page_size')]).toEqual(['store-1', '1', '20']);

    fireEvent.click(screen.getByTestId('mapping-sync'));
    await waitFor(() => expect(calls.some((c) => c.path === 'center/products/listings/sync')).toBe(true));
    expect(calls.find((c) => c.path === 'center/products/listings/sync')!.body).toEqual({ store_id: 'store-1' });
    // Each poll reaches the API (the app's 5-minute dedupe must not swallow them).
    const row = await screen.findByTestId('store-product-row', {}, { timeout: 6000 });
    expect(calls.filter((c) => c.path === 'progress/77').length).toBe(3);
    expect(within(row).getByTestId('store-product-title').textContent).toBe('Desk lamp');
    expect(within(row).getByTestId('store-product-map').getAttribute('href')).toBe('/app/products/map/sp1');
    expect(calls.filter((c) => c.path === 'center/products/listings/unmapped').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByTestId('mapping-sync').getAttribute('data-syncing')).toBe('false');
    // Polling stopped.
    await new Promise((r) => setTimeout(r, 1500));
    expect(calls.filter((c) => c.path === 'progress/77').length).toBe(3);
  });

  it("the Mapped tab lists each variant's suppliers by priority", async () => {
    listApi();
    const { router } = render();
    await screen.findByTestId('unmapped-empty');
    fireEvent.click(screen.getByTestId('mapping-tab-mapped'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=mapped'));
    const row = await screen.findByTestId('store-product-row');
    const suppliers = within(row).getAllByTestId('mapped-supplier');
    expect(suppliers.map((s) => `${s.getAttribute('data-priority')}:${s.getAttribute('data-source')}`)).toEqual(['1:aliexpress', '2:cj']);
    expect(suppliers[0].textContent).toContain('Priority 1');
    expect(within(row).getByTestId('store-product-map').textContent).toBe('Edit mapping');
  });

  it('asks to connect a store when the workplace has none', async () => {
    mockApi(() => undefined);
    renderRoute(<MappingPage storeId={null} connectPath="/app/channel" />, { path: '/app/products' });
    expect((await screen.findByTestId('mapping-no-store')).textContent).toContain('Connect a store');
    expect(screen.queryByTestId('mapping-sync')).toBeNull();
  });
});
