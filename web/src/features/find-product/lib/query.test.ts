import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  activeFilterCount,
  detailPath,
  filtersFromParams,
  findPath,
  findQuery,
  paramsFromFilters,
  withFilter,
} from './query';

describe('find-product query', () => {
  it('defaults: ship to US, highest profit, first page of 20', () => {
    expect(findQuery(DEFAULT_FILTERS).toString()).toBe('ship_to=US&sort_by=profit&sort=desc&page=1&page_size=20');
    expect(findPath(DEFAULT_FILTERS)).toBe('center/products/find?ship_to=US&sort_by=profit&sort=desc&page=1&page_size=20');
  });

  it('turns every filter into the query of the contract', () => {
    const filters = {
      ...DEFAULT_FILTERS,
      keyword: 'led lamp',
      source: 'aliexpress',
      shipTo: 'DE',
      shipFrom: 'CN',
      category: '42',
      orderCount: '1000-5000',
      price: '10-30',
      rating: true,
      sort: 'orders_asc' as const,
      page: 3,
    };
    expect(Object.fromEntries(findQuery(filters))).toEqual({
      keyword: 'led lamp',
      sources: 'aliexpress',
      ship_to: 'DE',
      ship_from: 'CN',
      category: '42',
      order_count: '1000-5000',
      price: '10-30',
      rating: '4',
      sort_by: 'lastest_volume',
      sort: 'asc',
      page: '3',
      page_size: '20',
    });
    expect(findPath(filters)).toMatch(/^center\/products\/find\?keyword=led\+lamp&sources=aliexpress&/);
  });

  it.each([
    ['price_desc', 'price', 'desc'],
    ['price_asc', 'price', 'asc'],
    ['orders_desc', 'lastest_volume', 'desc'],
    ['profit', 'profit', 'desc'],
  ] as const)('sort %s → sort_by=%s&sort=%s', (sort, sortBy, dir) => {
    const q = findQuery({ ...DEFAULT_FILTERS, sort });
    expect([q.get('sort_by'), q.get('sort')]).toEqual([sortBy, dir]);
  });

  it('searches inside a collection with find-by-collection', () => {
    expect(findPath({ ...DEFAULT_FILTERS, keyword: 'mug' }, 'free_ship_us')).toBe(
      'product-sources/products/find-by-collection/free_ship_us?keyword=mug&ship_to=US&sort_by=profit&sort=desc&page=1&page_size=20',
    );
  });

  it('reads the address bar and drops unknown values', () => {
    const f = filtersFromParams(
      new URLSearchParams('keyword=%20cat%20&source=nope&ship_to=gb&order_count=10000-&price=7-9&rating=4&sort_by=price&sort=asc&page=-2'),
    );
    expect(f).toEqual({ ...DEFAULT_FILTERS, keyword: 'cat', shipTo: 'GB', orderCount: '10000-', rating: true, sort: 'price_asc', page: 1 });
  });

  it('writes the address bar without defaults and round-trips', () => {
    expect(paramsFromFilters(DEFAULT_FILTERS).toString()).toBe('');
    const f = { ...DEFAULT_FILTERS, keyword: 'desk', source: 'cj', shipTo: 'FR', price: '100-', sort: 'price_desc' as const, page: 2 };
    expect(paramsFromFilters(f).toString()).toBe('keyword=desk&source=cj&ship_to=FR&price=100-&sort_by=price&sort=desc&page=2');
    expect(filtersFromParams(paramsFromFilters(f))).toEqual(f);
  });

  it('a filter change goes back to page 1', () => {
    expect(withFilter({ ...DEFAULT_FILTERS, page: 4 }, { price: '0-10' })).toMatchObject({ page: 1, price: '0-10' });
    expect(activeFilterCount({ ...DEFAULT_FILTERS, rating: true, shipFrom: 'US' })).toBe(2);
  });

  it('builds the detail route', () => {
    expect(detailPath('aliexpress', '1005 x', 'GB')).toBe('/app/find-product/aliexpress/detail/1005%20x/GB');
    expect(detailPath('cj', '7', '')).toBe('/app/find-product/cj/detail/7/US');
  });
});
