import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { makeCard } from '@/test/products';
import { renderRoute } from '@/test/render';
import type { ProductDetail } from '@/types/products';
import { FindProductPage } from './find-product-page';
import { ProductDetailPage } from './product-detail-page';

const detail: ProductDetail = {
  source: 'cj',
  source_product_id: '77',
  name: 'Ceramic mug',
  description: '<p>Holds <b>350 ml</b>.</p><script>alert(1)</script>',
  images: ['https://img.test/m1.jpg', 'https://img.test/m2.jpg'],
  // Values as the contract has them (`value`) and as the supplier documents have them (`name`, an image id).
  options: [
    {
      name: 'Color',
      values: [
        { id: '1', value: 'White', image: null },
        { id: '2', name: 'Black', image: '77-c1' },
      ],
    },
  ],
  variants: [
    { sku_id: 's1', options: { Color: 'White' }, price: 4.5, compare_at_price: 9, stock: 30 },
    { sku_id: 's2', options: { Color: 'Black' }, price: 5, compare_at_price: null, stock: 1200 },
  ],
  sold_out_variants: [],
  price_range: [4.5, 5],
  rating: 4.8,
  reviews_count: 2,
  lastest_volume: 800,
  ship_from: 'CN',
  ships_to: ['US', 'DE'],
  category: { id: 'c1', name: 'Kitchen' },
  imported: false,
  product_package_id: null,
};

function detailApi() {
  return mockApi((c) => {
    if (c.path === 'center/products/source/cj/77') return { data: { ...detail } };
    if (c.path === 'product-sources/logistics/cj/77')
      return {
        data: {
          options: [
            { code: 'cjpacket', company: 'CJPacket', amount: 0, currency: 'USD', delivery_time: '7-12 day' },
            { code: 'dhl', company: 'DHL', amount: 18, currency: 'USD', delivery_time: '3 day' },
          ],
        },
      };
    if (c.path === 'product-sources/reviews/cj/77')
      return {
        data: {
          total: 1,
          items: [
            { id: 'r1', feedback: 'Great mug', rating: 5, createdAt: '2026-02-01T00:00:00Z', country: 'DE', images: [], name: 'Ann' },
          ],
        },
      };
    if (c.path === 'center/products/favourited') return { data: { ids: [] } };
    if (c.path === 'center/products/import/cj') return { data: { id: 'p77' } };
    return undefined;
  });
}

describe('product detail', () => {
  it('shows images, options, variants, logistics for the ship-to and reviews, and imports', async () => {
    const calls = detailApi();
    const onImported = vi.fn();
    renderRoute(<ProductDetailPage upgradePath={null} onImported={onImported} />, {
      path: '/app/find-product/cj/detail/77/DE',
      route: '/app/find-product/:productSource/detail/:productId/:shipTo',
    });
    expect((await screen.findByTestId('page-title')).textContent).toBe('Ceramic mug');
    expect(calls.find((c) => c.path === 'center/products/source/cj/77')?.query.get('ship_to')).toBe('DE');
    const logistics = calls.find((c) => c.path === 'product-sources/logistics/cj/77')!;
    expect([logistics.query.get('country_code'), logistics.query.get('quantity')]).toEqual(['DE', '1']);

    expect(screen.getAllByTestId('variant-row')).toHaveLength(2);
    expect(screen.getAllByTestId('variant-stock').map((c) => c.textContent)).toEqual(['30', '1,200']);
    expect(screen.getByTestId('detail-variants').querySelector('h2')?.textContent).toBe('Variants (2)');
    expect(screen.getByTestId('detail-rating').textContent).toBe('4.8');
    expect(screen.getAllByTestId('option-value').map((b) => b.textContent)).toEqual(['White', 'Black']);
    expect(screen.getAllByTestId('option-value')[1].querySelector('img')).toBeNull();
    fireEvent.click(screen.getAllByTestId('option-value')[1]);
    expect(screen.getAllByTestId('variant-row')).toHaveLength(1);
    expect(screen.getByTestId('variant-price').textContent).toBe('$5.00');

    const rows = await screen.findAllByTestId('logistics-row');
    expect(rows.map((r) => r.textContent)).toEqual(['CJPacketFREE7-12 days', 'DHL$18.003 days']);
    expect((await screen.findByTestId('review')).textContent).toContain('Great mug');
    // The count is what the reviews list holds (its total), not the catalogue's older number.
    expect(screen.getByTestId('detail-reviews-count').textContent).toBe('Reviews: 1');
    expect(screen.getByTestId('detail-description').textContent).toContain('Holds 350 ml.');
    expect(screen.getByTestId('detail-description').textContent).not.toContain('<');

    fireEvent.click(screen.getByTestId('import-button'));
    await waitFor(() => expect(screen.getByTestId('import-button').getAttribute('data-state')).toBe('imported'));
    expect(calls.find((c) => c.path === 'center/products/import/cj')?.body).toEqual({ source_product_id: '77', ship_to: 'DE' });
    expect(onImported).toHaveBeenCalled();
  });

  it('shows the video first, over the first image, and the images on demand', async () => {
    mockApi((c) => {
      if (c.path === 'center/products/source/cj/77') return { data: { ...detail, video_url: 'https://v.test/77.webm' } };
      return { data: { options: [], items: [], total: 0, ids: [] } };
    });
    renderRoute(<ProductDetailPage upgradePath={null} />, {
      path: '/app/find-product/cj/detail/77/US',
      route: '/app/find-product/:productSource/detail/:productId/:shipTo',
    });
    const video = await screen.findByTestId('detail-video');
    expect([video.getAttribute('src'), video.getAttribute('poster')]).toEqual(['https://v.test/77.webm', 'https://img.test/m1.jpg']);
    fireEvent.click(screen.getByLabelText('Image 2'));
    expect(screen.queryByTestId('detail-video')).toBeNull();
    fireEvent.click(screen.getByTestId('detail-video-thumb'));
    expect(screen.getByTestId('detail-video')).toBeTruthy();
  });

  it('quota expired with billing hidden says "Limit quota exceeded" without an upgrade link', async () => {
    mockApi((c) => {
      if (c.path === 'center/products/source/cj/77') return { data: { ...detail } };
      if (c.path === 'center/products/import/cj') return { status: 401, message: 'quota' };
      return { data: { options: [], items: [], total: 0, ids: [] } };
    });
    renderRoute(<ProductDetailPage upgradePath={null} />, {
      path: '/app/find-product/cj/detail/77/US',
      route: '/app/find-product/:productSource/detail/:productId/:shipTo',
    });
    fireEvent.click(await screen.findByTestId('import-button'));
    const prompt = await screen.findByTestId('quota-prompt');
    expect(prompt.textContent).toContain('Limit quota exceeded');
    expect(within(prompt).queryByTestId('quota-upgrade')).toBeNull();
  });
});

function renderDetail(over: Partial<ProductDetail>, reviews: { total: number | null; items: unknown[] }) {
  const calls = mockApi((c) => {
    if (c.path === 'center/products/source/cj/77') return { data: { ...detail, ...over } };
    if (c.path === 'product-sources/reviews/cj/77') return { data: reviews };
    if (c.path === 'center/products/import/cj') return { data: { id: 'p77' } };
    return { data: { options: [], ids: [] } };
  });
  renderRoute(<ProductDetailPage upgradePath={null} />, {
    path: '/app/find-product/cj/detail/77/US',
    route: '/app/find-product/:productSource/detail/:productId/:shipTo',
  });
  return calls;
}

const review = (id: string) => ({
  id,
  feedback: `Review ${id}`,
  rating: 4,
  createdAt: '2026-02-01T00:00:00Z',
  country: 'DE',
  images: [],
  name: 'Ann',
});

describe('product detail: counts, stock and sold-out variants', () => {
  it('a single-variant product says "Variants (1)" with its stock; an unrated product shows no 0.0 beside its orders', async () => {
    renderDetail(
      {
        options: [],
        variants: [{ sku_id: 'only', options: {}, price: 7, compare_at_price: null, stock: 52 }],
        rating: null,
        reviews_count: null,
        lastest_volume: 92_600,
      },
      { total: 266, items: [review('a'), review('b')] },
    );
    await screen.findByTestId('page-title');
    expect(screen.getByTestId('detail-variants').querySelector('h2')?.textContent).toBe('Variants (1)');
    expect(screen.getAllByTestId('variant-row')).toHaveLength(1);
    expect(screen.getByTestId('variant-stock').textContent).toBe('52');
    expect(screen.queryByTestId('detail-rating')).toBeNull();
    expect(screen.getByTestId('detail-orders').textContent).toBe('92.6K orders');
    await waitFor(() => expect(screen.getByTestId('detail-reviews-count').textContent).toBe('Reviews: 266'));
    expect(screen.getAllByTestId('review')).toHaveLength(2);
  });

  it('marks sold-out variants, counts them, and still imports the rest', async () => {
    const calls = renderDetail(
      { sold_out_variants: [{ sku_id: 's3', options: { Color: 'Red' }, price: 5, compare_at_price: null, stock: 0 }] },
      { total: 0, items: [] },
    );
    await screen.findByTestId('page-title');
    const rows = screen.getAllByTestId('variant-row');
    expect(rows.map((r) => r.getAttribute('data-sold-out'))).toEqual(['false', 'false', 'true']);
    expect(within(rows[2]).getByTestId('variant-stock').textContent).toBe('Sold out');
    expect(screen.getByTestId('detail-variants').querySelector('h2')?.textContent).toBe('Variants (3)');
    expect(screen.getByTestId('detail-sold-out-count').textContent).toBe('Sold out, not imported: 1');
    expect(await screen.findByTestId('reviews-empty')).toBeTruthy();
    expect(screen.getByTestId('detail-reviews-count').textContent).toBe('Reviews: 0');
    fireEvent.click(screen.getByTestId('import-button'));
    await waitFor(() => expect(calls.some((c) => c.path === 'center/products/import/cj')).toBe(true));
  });

  it('a product sold out in every variant offers no import', async () => {
    renderDetail(
      {
        variants: [],
        sold_out_variants: [
          { sku_id: 's1', options: { Color: 'White' }, price: 4.5, compare_at_price: null, stock: 0 },
          { sku_id: 's2', options: { Color: 'Black' }, price: 5, compare_at_price: null, stock: 0 },
        ],
      },
      { total: 0, items: [] },
    );
    expect((await screen.findByTestId('detail-sold-out')).textContent).toContain('Every variant is sold out');
    expect(screen.queryByTestId('import-button')).toBeNull();
    expect(screen.getAllByTestId('variant-row').every((r) => r.getAttribute('data-sold-out') === 'true')).toBe(true);
    expect(screen.queryByTestId('detail-sold-out-count')).toBeNull();
  });
});

describe('mobile (width ≤ 768)', () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });

  it('opens the detail in the same page and the ship-to picker as a bottom sheet', async () => {
    window.matchMedia = (query: string) => ({ ...original(query), matches: query.includes('max-width') });
    mockApi((c) => {
      if (c.path === 'center/products/find')
        return { data: { total: 1, page: 1, page_size: 20, items: [makeCard('1', { ship_to: 'FR' })] } };
      return { data: { collections: [], ids: [] } };
    });
    renderRoute(<FindProductPage upgradePath={null} />, { path: '/app/find-product' });
    const link = within(await screen.findByTestId('product-card')).getByTestId('product-card-link');
    expect(link.getAttribute('target')).toBeNull();
    expect(link.getAttribute('href')).toBe('/app/find-product/aliexpress/detail/1/FR');
    expect(screen.queryAllByTestId('product-card-skeleton')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('ship-to-trigger'));
    expect(await screen.findByTestId('ship-to-sheet')).toBeTruthy();
    expect(screen.queryByTestId('ship-to-popover')).toBeNull();
  });
});
