import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setShopId } from '@/lib/storage';
import { mockApi } from '@/test/api-mock';
import { makeImported } from '@/test/products';
import { renderRoute } from '@/test/render';
import { EditorPage } from './editor-page';

const ROUTE = '/app/products-import/editor/:productCenterId';

function storeAnswers(platform: 'shopify' | 'woocommerce') {
  return mockApi((c) => {
    if (c.path === 'center/products/import/p1' && c.method === 'GET') return { data: makeImported() };
    if (c.path === 'center/products/import/p1' && c.method === 'PUT') return { data: { ...makeImported(), ...(c.body as object) } };
    if (c.path === 'products/collection/all')
      return {
        data: {
          store_id: 's1',
          platform,
          truncated: false,
          collections: [
            { id: 'gid://shopify/Collection/1', title: 'Home page', handle: 'home-page' },
            { id: 'gid://shopify/Collection/2', title: 'Shoes, bags', handle: 'shoes-bags' },
          ],
        },
      };
    if (c.path === 'products/tags') return { data: { store_id: 's1', platform, truncated: false, tags: ['lamp', 'Office', 'Summer'] } };
    return undefined;
  });
}

describe('editor choices from the store', () => {
  it("offers the current store's collections and tags, narrowed by typing, and saves the chosen ones", async () => {
    setShopId('s1');
    const calls = storeAnswers('shopify');
    renderRoute(<EditorPage />, { path: '/app/products-import/editor/p1', route: ROUTE });

    const collections = await screen.findByTestId('editor-collections-suggestions');
    expect(collections.textContent).toContain('Collections in your store');
    // A store name holding a comma stays one collection.
    fireEvent.click(within(collections).getByRole('button', { name: 'Add Shoes, bags' }));
    expect(screen.getAllByTestId('editor-collections-item').map((e) => e.textContent)).toEqual(['Shoes, bags']);

    const tags = await screen.findByTestId('editor-tags-suggestions');
    // The product already has "lamp": only the others are offered; typing narrows them.
    expect(within(tags).queryByRole('button', { name: 'Add lamp' })).toBeNull();
    fireEvent.change(screen.getByTestId('editor-tags-input'), { target: { value: 'sum' } });
    expect(
      within(screen.getByTestId('editor-tags-suggestions'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['+ Summer']);
    fireEvent.click(screen.getByRole('button', { name: 'Add Summer' }));

    fireEvent.click(screen.getByTestId('editor-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!.body as { tags: string[]; collections: string[] };
    expect(put.tags).toEqual(['lamp', 'Summer']);
    expect(put.collections).toEqual(['Shoes, bags']);
    expect(calls.find((c) => c.path === 'products/tags')!.query.get('store_id')).toBe('s1');
  });

  it("names a WooCommerce store's categories as such", async () => {
    setShopId('s1');
    storeAnswers('woocommerce');
    renderRoute(<EditorPage />, { path: '/app/products-import/editor/p1', route: ROUTE });
    expect((await screen.findByTestId('editor-collections-suggestions')).textContent).toContain('Categories in your store');
  });

  it('asks nothing of a store when the workplace has none, and the fields still take typed names', async () => {
    const calls = storeAnswers('shopify');
    renderRoute(<EditorPage />, { path: '/app/products-import/editor/p1', route: ROUTE });
    await screen.findByTestId('editor-title');
    expect(screen.queryByTestId('editor-collections-suggestions')).toBeNull();
    expect(calls.some((c) => c.path.startsWith('products/'))).toBe(false);
  });
});
