import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { pick } from '@/test/menu';
import { makeCard } from '@/test/products';
import { renderRoute } from '@/test/render';
import type { ProductCard } from '@/types/products';
import { FindProductPage } from './find-product-page';

function findApi(
  items: ProductCard[],
  importReply: () => { status?: number; message?: string; data?: unknown } = () => ({ data: { id: 'pkg-1' } }),
) {
  return mockApi((c) => {
    if (c.path === 'center/products/find' || c.path.startsWith('product-sources/products/find-by-collection/'))
      return { data: { total: items.length, page: 1, page_size: 20, items } };
    if (c.path === 'product-sources/collections/list')
      return {
        data: {
          collections: [
            { slug: 'trending', name: 'Trending' },
            { slug: 'free_ship_us', name: 'Free shipping US' },
          ],
        },
      };
    if (c.path === 'product-sources/categories/tree')
      return {
        data: {
          categories: [
            { id: 1, name: 'Home', children: [{ id: 11, name: 'Lighting', children: [] }] },
            { id: 2, name: 'Toys', children: [] },
          ],
        },
      };
    if (c.path === 'center/products/favourited') return { data: { ids: [] } };
    if (c.path === 'center/products/favourite') return { data: { ids: ['aliexpress:1'] } };
    if (c.path.startsWith('center/products/import/')) return importReply();
    return undefined;
  });
}

const card = (key: string) => screen.getAllByTestId('product-card').find((el) => el.getAttribute('data-key') === key)!;

function renderPage(path = '/app/find-product', onImported = vi.fn()) {
  const route = path.includes('/find-product/') ? '/app/find-product/:collectionId' : '/app/find-product';
  const utils = renderRoute(<FindProductPage upgradePath="/app/setting/billing-plan/change-plan" onImported={onImported} />, {
    path,
    route,
  });
  return { ...utils, onImported };
}

describe('find product page', () => {
  it('shows skeleton cards, then the cards with price, orders, rating and shipping per the spec', async () => {
    const items = [
      makeCard('1'),
      makeCard('2', {
        details: {
          price_range: [3, 3],
          lastest_volume: 12,
          rating: null,
          reviews_count: 0,
          shipping_cost: null,
          shipping_time_min: null,
          shipping_time_max: null,
          ship_countries: [],
        },
      }),
      makeCard('3', {
        imported: true,
        mapped: true,
        details: {
          price_range: [1, 2],
          lastest_volume: 0,
          rating: 4,
          reviews_count: 1,
          shipping_cost: 4.2,
          shipping_time_min: 5,
          shipping_time_max: 5,
          ship_countries: [],
        },
      }),
    ];
    findApi(items);
    renderPage();
    expect(screen.getAllByTestId('product-card-skeleton').length).toBe(20);
    await screen.findAllByTestId('product-card');
    expect(screen.queryByTestId('product-card-skeleton')).toBeNull();

    const first = within(card('aliexpress:1'));
    // The price is printed once: the variants' range when they differ.
    expect(first.getByTestId('card-price').textContent).toBe('$10.00 - $15.00');
    expect(first.queryByText('$12.50')).toBeNull();
    expect(first.getByTestId('card-orders').textContent).toBe('1.5K orders');
    expect(first.getByTestId('card-rating').textContent).toBe('4.6');
    expect(first.getByTestId('card-shipping-cost').textContent).toBe('FREE');
    expect(first.getByTestId('card-shipping-time').textContent).toBe('7-12 days');
    // Two distinct images of three.
    expect(first.getByTestId('card-thumbnails').children).toHaveLength(2);

    const second = within(card('aliexpress:2'));
    expect(second.getByTestId('card-shipping-cost').textContent).toBe('-');
    expect(second.getByTestId('card-shipping-time').textContent).toBe('-');
    // One price when every variant costs the same; no rating the supplier did not give (not "0.0").
    expect(second.getByTestId('card-price').textContent).toBe('$3.00');
    expect(second.queryByText('$12.50')).toBeNull();
    expect(second.queryByTestId('card-rating')).toBeNull();
    expect(second.getByTestId('card-orders').textContent).toBe('1.5K orders');

    const third = within(card('aliexpress:3'));
    expect(third.getByTestId('card-shipping-time').textContent).toBe('5 days');
    expect(third.getByTestId('card-shipping-cost').textContent).toBe('$4.20');
    expect(third.getByTestId('card-imported')).toBeTruthy();
    expect(third.getByTestId('card-mapped')).toBeTruthy();
    expect(third.getByTestId('import-button').getAttribute('data-state')).toBe('imported');

    // Desktop: the detail opens in a new tab.
    const link = first.getByTestId('product-card-link');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('href')).toBe('/app/find-product/aliexpress/detail/1/US');
  });

  it('import ok: the card goes importing → imported and the plan is refreshed', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const calls = findApi([makeCard('1')]);
    const { onImported } = renderPage();
    const button = within(await screen.findByTestId('product-card')).getByTestId('import-button');
    vi.mocked(fetch).mockImplementationOnce(async (input, init) => {
      await gate;
      const body = { status: 200, success: true, message: 'OK', data: { id: 'pkg-1' } };
      calls.push({
        path: new URL(String(input), 'http://x').pathname.replace(/^\/api\//, ''),
        query: new URLSearchParams(),
        method: init?.method ?? 'GET',
        headers: new Headers(init?.headers),
        body: JSON.parse(String(init?.body)),
      });
      return new Response(JSON.stringify(body));
    });
    fireEvent.click(button);
    await waitFor(() => expect(card('aliexpress:1').getAttribute('data-import-state')).toBe('importing'));
    release();
    await waitFor(() => expect(card('aliexpress:1').getAttribute('data-import-state')).toBe('imported'));
    expect(onImported).toHaveBeenCalledTimes(1);
    const post = calls.find((c) => c.path === 'center/products/import/aliexpress')!;
    expect(post.method).toBe('POST');
    expect(post.body).toEqual({ source_product_id: '1', ship_to: 'US' });
    expect(within(card('aliexpress:1')).getByTestId('card-imported')).toBeTruthy();
    expect(within(card('aliexpress:1')).getByTestId('import-button').getAttribute('href')).toBe('/app/products-import/editor/pkg-1');
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('QUOTA_EXPIRED (401): the card shows the error and the upgrade prompt appears', async () => {
    findApi([makeCard('1')], () => ({ status: 401, message: 'IMPORT_PRODUCT quota exceeded' }));
    const { onImported } = renderPage();
    fireEvent.click(within(await screen.findByTestId('product-card')).getByTestId('import-button'));
    await waitFor(() => expect(card('aliexpress:1').getAttribute('data-import-state')).toBe('error'));
    const error = within(card('aliexpress:1')).getByTestId('import-error');
    expect(error.textContent).toBe('Upgrade to continue importing more products');
    expect(error.getAttribute('data-quota')).toBe('true');
    const prompt = screen.getByTestId('quota-prompt');
    expect(prompt.textContent).toContain('Upgrade to continue importing more products');
    expect(within(prompt).getByTestId('quota-upgrade').getAttribute('href')).toBe('/app/setting/billing-plan/change-plan');
    expect(onImported).not.toHaveBeenCalled();
    // Imports can be tried again.
    expect(within(card('aliexpress:1')).getByTestId('import-button').textContent).toContain('Try importing again');
  });

  it('BAD_REQUEST: the card shows the server message, no quota prompt', async () => {
    findApi([makeCard('1'), makeCard('2')], () => ({ status: 201, message: 'The supplier withdrew this product.' }));
    renderPage();
    await screen.findAllByTestId('product-card');
    fireEvent.click(within(card('aliexpress:2')).getByTestId('import-button'));
    await waitFor(() => expect(card('aliexpress:2').getAttribute('data-import-state')).toBe('error'));
    expect(within(card('aliexpress:2')).getByTestId('import-error').textContent).toBe('The supplier withdrew this product.');
    expect(card('aliexpress:1').getAttribute('data-import-state')).toBe('idle');
    expect(screen.queryByTestId('quota-prompt')).toBeNull();
  });

  it('ProductAlreadyImported (imported in another tab): the card says imported, not an error', async () => {
    findApi([makeCard('1'), makeCard('2')], () => ({ status: 201, message: 'ProductAlreadyImported' }));
    renderPage();
    await screen.findAllByTestId('product-card');
    fireEvent.click(within(card('aliexpress:2')).getByTestId('import-button'));
    await waitFor(() => expect(card('aliexpress:2').getAttribute('data-import-state')).toBe('imported'));
    expect(within(card('aliexpress:2')).queryByTestId('import-error')).toBeNull();
  });

  it('search, sort, source, filters and ship-to build the find query', async () => {
    const calls = findApi([makeCard('1')]);
    const { router } = renderPage();
    await screen.findByTestId('product-card');
    fireEvent.change(screen.getByTestId('find-search'), { target: { value: 'lamp' } });
    fireEvent.click(screen.getByTestId('find-search-submit'));
    fireEvent.change(screen.getByTestId('filter-order-count'), { target: { value: '1000-5000' } });
    fireEvent.change(screen.getByTestId('filter-price'), { target: { value: '10-30' } });
    fireEvent.change(screen.getByTestId('filter-ship-from'), { target: { value: 'CN' } });
    const rating = within(screen.getByTestId('filter-rating')).getByRole('checkbox', { hidden: true }) as HTMLInputElement;
    fireEvent.click(rating);
    await waitFor(() => expect(router.state.location.search).toContain('rating=4'));

    fireEvent.click(screen.getByTestId('sort-menu'));
    await pick(await screen.findByTestId('sort-option-price_asc'));
    fireEvent.click(screen.getByTestId('sort-menu'));
    await pick(await screen.findByTestId('source-option-cj'));

    fireEvent.click(screen.getByTestId('ship-to-trigger'));
    fireEvent.change(await screen.findByTestId('ship-to-search'), { target: { value: 'germ' } });
    expect(
      within(screen.getByTestId('ship-to-list'))
        .getAllByRole('button')
        .map((b) => b.getAttribute('data-testid')),
    ).toEqual(['ship-to-option-DE']);
    fireEvent.click(screen.getByTestId('ship-to-option-DE'));

    await waitFor(() => expect(router.state.location.search).toContain('ship_to=DE'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      keyword: 'lamp',
      source: 'cj',
      ship_to: 'DE',
      ship_from: 'CN',
      order_count: '1000-5000',
      price: '10-30',
      rating: '4',
      sort_by: 'price',
      sort: 'asc',
    });
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === 'center/products/find')
          .at(-1)
          ?.query.get('ship_to'),
      ).toBe('DE'),
    );
    expect(Object.fromEntries(calls.filter((c) => c.path === 'center/products/find').at(-1)!.query)).toEqual({
      keyword: 'lamp',
      sources: 'cj',
      ship_to: 'DE',
      ship_from: 'CN',
      order_count: '1000-5000',
      price: '10-30',
      rating: '4',
      sort_by: 'price',
      sort: 'asc',
      page: '1',
      page_size: '20',
    });
  });

  it('the category filter lists the nested tree and sends category=id', async () => {
    const calls = findApi([makeCard('1')]);
    const { router } = renderPage('/app/find-product?keyword=lamp&page=2');
    await screen.findAllByTestId('product-card');
    const select = screen.getByTestId('filter-category') as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(4));
    expect([...select.options].map((o) => o.textContent)).toEqual(['All categories', 'Home', '\u00a0\u00a0\u00a0– Lighting', 'Toys']);
    fireEvent.change(select, { target: { value: '11' } });
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === 'center/products/find')
          .at(-1)
          ?.query.get('category'),
      ).toBe('11'),
    );
    const q = calls.filter((c) => c.path === 'center/products/find').at(-1)!.query;
    expect([q.get('keyword'), q.get('page')]).toEqual(['lamp', '1']);
    expect(new URLSearchParams(router.state.location.search).get('category')).toBe('11');
    expect(select.value).toBe('11');
    fireEvent.change(select, { target: { value: '' } });
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === 'center/products/find')
          .at(-1)
          ?.query.has('category'),
      ).toBe(false),
    );
  });

  it('a collection uses find-by-collection and the collection picker navigates', async () => {
    const calls = findApi([makeCard('1')]);
    const { router } = renderPage('/app/find-product/trending?keyword=mug');
    await screen.findByTestId('product-card');
    expect(calls.some((c) => c.path === 'product-sources/products/find-by-collection/trending' && c.query.get('keyword') === 'mug')).toBe(
      true,
    );
    expect(screen.getByTestId('page-title').textContent).toBe('Trending products');
    await waitFor(() => expect((screen.getByTestId('filter-collection') as HTMLSelectElement).value).toBe('trending'));
    fireEvent.change(screen.getByTestId('filter-collection'), { target: { value: 'free_ship_us' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/find-product/free_ship_us'));
    expect(router.state.location.search).toBe('?keyword=mug');
  });

  it('toggles a favourite', async () => {
    const calls = findApi([makeCard('1')]);
    renderPage();
    const toggle = within(await screen.findByTestId('product-card')).getByTestId('favourite-toggle');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('true'));
    expect(calls.find((c) => c.path === 'center/products/favourite' && c.method === 'POST')?.body).toEqual({
      product_ids: ['aliexpress:1'],
    });
  });

  it('shows the empty state and paging', async () => {
    mockApi((c) => {
      if (c.path === 'center/products/find')
        return {
          data: { total: 45, page: Number(c.query.get('page')), page_size: 20, items: c.query.get('page') === '3' ? [] : [makeCard('1')] },
        };
      return { data: { collections: [], ids: [] } };
    });
    const { router } = renderPage('/app/find-product?page=2');
    await screen.findByTestId('product-card');
    expect(screen.getByTestId('find-pager').getAttribute('data-pages')).toBe('3');
    fireEvent.click(screen.getByTestId('find-pager-next'));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    expect(await screen.findByTestId('find-empty')).toBeTruthy();
  });

  it('Import all imports the page in one batch, follows it, and marks each card as it ended', async () => {
    let polls = 0;
    const items = [makeCard('1'), makeCard('2'), makeCard('3')];
    const calls = mockApi((c) => {
      if (c.path === 'center/products/find') return { data: { total: 3, page: 1, page_size: 20, items } };
      if (c.path === 'center/products/favourited') return { data: { ids: [] } };
      if (c.path === 'center/products/import-all') return { data: { tracking_id: 't-1', total: 3 } };
      if (c.path === 'center/products/import-all/t-1') {
        polls += 1;
        return polls < 2
          ? { data: { tracking_id: 't-1', status: 'processing', total: 3, done: 1, success: { 'aliexpress:1': 'p1' }, failed: {} } }
          : {
              data: {
                tracking_id: 't-1',
                status: 'done',
                total: 3,
                done: 3,
                success: { 'aliexpress:1': 'p1', 'aliexpress:2': 'p2' },
                failed: { 'aliexpress:3': 'The supplier no longer sells it' },
              },
            };
      }
      return undefined;
    });
    const onMultiImported = vi.fn();
    const onImported = vi.fn();
    renderRoute(<FindProductPage upgradePath={null} onImported={onImported} onMultiImported={onMultiImported} />, {
      path: '/app/find-product',
    });
    fireEvent.click(await screen.findByTestId('find-import-all'));
    await waitFor(() => expect(card('aliexpress:3').getAttribute('data-import-state')).toBe('error'), { timeout: 4000 });
    expect(card('aliexpress:1').getAttribute('data-import-state')).toBe('imported');
    expect(card('aliexpress:2').getAttribute('data-import-state')).toBe('imported');
    expect(within(card('aliexpress:3')).getByTestId('import-error').textContent).toBe('The supplier no longer sells it');
    expect(calls.find((c) => c.path === 'center/products/import-all')!.body).toEqual({
      import_data: ['1', '2', '3'].map((id) => ({ source: 'aliexpress', source_product_id: id, ship_to: 'US' })),
    });
    expect(onMultiImported).toHaveBeenCalledWith(2);
    expect(onImported).toHaveBeenCalledTimes(1);
  });
});
