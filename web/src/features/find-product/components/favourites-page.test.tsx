import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { makeCard } from '@/test/products';
import { renderRoute } from '@/test/render';
import { FavouritesPage } from './favourites-page';

describe('favourite products page', () => {
  it('lists the favourites as product cards and drops one when its heart is cleared', async () => {
    let favourites = [makeCard('1'), makeCard('2', { source: 'cj' })];
    const calls = mockApi((c) => {
      if (c.path === 'center/products/favourite' && c.method === 'GET') return { data: { total: favourites.length, items: favourites } };
      if (c.path === 'center/products/favourited') return { data: { ids: favourites.map((f) => `${f.source}:${f.source_product_id}`) } };
      if (c.path === 'center/products/favourite' && c.method === 'DELETE') {
        const ids = (c.body as { product_ids: string[] }).product_ids;
        favourites = favourites.filter((f) => !ids.includes(`${f.source}:${f.source_product_id}`));
        return { data: { ids: favourites.map((f) => `${f.source}:${f.source_product_id}`) } };
      }
      return undefined;
    });
    renderRoute(<FavouritesPage upgradePath={null} />, { path: '/app/find-product/favorite-supplier' });
    expect(screen.getByTestId('page-title').textContent).toBe('Favorite suppliers');
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(2));
    const list = calls.find((c) => c.path === 'center/products/favourite')!;
    expect([list.query.get('page'), list.query.get('page_size')]).toEqual(['1', '20']);
    const cj = screen.getAllByTestId('product-card').find((el) => el.getAttribute('data-key') === 'cj:2')!;
    const heart = within(cj).getByRole('button', { name: 'Remove from favourites' });
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(heart);
    await waitFor(() => expect(screen.getAllByTestId('product-card')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'DELETE')!.body).toEqual({ product_ids: ['cj:2'] });
  });

  it('says when there are no favourites', async () => {
    mockApi((c) => (c.path === 'center/products/favourite' ? { data: { total: 0, items: [] } } : { data: { ids: [] } }));
    renderRoute(<FavouritesPage upgradePath={null} />, { path: '/app/find-product/favorite-supplier' });
    expect((await screen.findByTestId('favourites-empty')).textContent).toContain('no favourite products yet');
  });
});
