/**
 * Find-product filters: read from and written to the address bar, and turned into the query of
 * the find calls (docs/API.md "Find products").
 */
import { DEFAULT_SHIP_TO } from '@/lib/countries';
import { PRODUCT_SOURCES } from '@/lib/sources';

export const PAGE_SIZE = 20;
/** The favourite products page (spec section 2). */
export const FAVOURITES_PATH = '/app/find-product/favorite-supplier';
export const ORDER_COUNT_RANGES = ['0-500', '500-1000', '1000-5000', '5000-10000', '10000-', '100-'] as const;
export const PRICE_RANGES = ['0-10', '10-30', '30-50', '50-100', '100-'] as const;
/** Countries suppliers commonly ship from (`ship_from`). */
export const SHIP_FROM_COUNTRIES = ['CN', 'US', 'GB', 'DE', 'FR', 'ES', 'IT', 'PL', 'CZ', 'AU', 'BR', 'MX', 'TR', 'VN'] as const;

/** The sort menu (spec section 2) plus the default, highest profit (spec section 9). */
export const SORT_OPTIONS = [
  { id: 'profit', sortBy: 'profit', sort: 'desc' },
  { id: 'price_desc', sortBy: 'price', sort: 'desc' },
  { id: 'price_asc', sortBy: 'price', sort: 'asc' },
  { id: 'orders_desc', sortBy: 'lastest_volume', sort: 'desc' },
  { id: 'orders_asc', sortBy: 'lastest_volume', sort: 'asc' },
] as const;
export type SortId = (typeof SORT_OPTIONS)[number]['id'];
export const DEFAULT_SORT: SortId = 'profit';

export interface FindFilters {
  keyword: string;
  /** One source, or '' for all sources. */
  source: string;
  shipTo: string;
  shipFrom: string;
  category: string;
  orderCount: string;
  price: string;
  /** 4 stars and up. */
  rating: boolean;
  sort: SortId;
  page: number;
}

export const DEFAULT_FILTERS: FindFilters = {
  keyword: '',
  source: '',
  shipTo: DEFAULT_SHIP_TO,
  shipFrom: '',
  category: '',
  orderCount: '',
  price: '',
  rating: false,
  sort: DEFAULT_SORT,
  page: 1,
};

const oneOf = <T extends string>(value: string | null, allowed: readonly T[]): T | '' =>
  value && (allowed as readonly string[]).includes(value) ? (value as T) : '';

function sortFrom(sortBy: string | null, sort: string | null): SortId {
  const hit = SORT_OPTIONS.find((o) => o.sortBy === sortBy && o.sort === (sort ?? 'desc'));
  return hit?.id ?? DEFAULT_SORT;
}

/** Filters of the address bar (unknown values fall back to the defaults). */
export function filtersFromParams(params: URLSearchParams): FindFilters {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const shipTo = (params.get('ship_to') ?? '').trim().toUpperCase();
  const shipFrom = (params.get('ship_from') ?? '').trim().toUpperCase();
  return {
    keyword: (params.get('keyword') ?? '').trim(),
    source: oneOf(params.get('source'), PRODUCT_SOURCES),
    shipTo: /^[A-Z]{2}$/.test(shipTo) ? shipTo : DEFAULT_SHIP_TO,
    shipFrom: /^[A-Z]{2}$/.test(shipFrom) ? shipFrom : '',
    category: (params.get('category') ?? '').trim(),
    orderCount: oneOf(params.get('order_count'), ORDER_COUNT_RANGES),
    price: oneOf(params.get('price'), PRICE_RANGES),
    rating: params.get('rating') === '4',
    sort: sortFrom(params.get('sort_by'), params.get('sort')),
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/** The address-bar parameters of `filters` (defaults left out, so the plain page stays clean). */
export function paramsFromFilters(filters: FindFilters): URLSearchParams {
  const params = new URLSearchParams();
  const sort = SORT_OPTIONS.find((o) => o.id === filters.sort) ?? SORT_OPTIONS[0];
  if (filters.keyword) params.set('keyword', filters.keyword);
  if (filters.source) params.set('source', filters.source);
  if (filters.shipTo && filters.shipTo !== DEFAULT_SHIP_TO) params.set('ship_to', filters.shipTo);
  if (filters.shipFrom) params.set('ship_from', filters.shipFrom);
  if (filters.category) params.set('category', filters.category);
  if (filters.orderCount) params.set('order_count', filters.orderCount);
  if (filters.price) params.set('price', filters.price);
  if (filters.rating) params.set('rating', '4');
  if (sort.id !== DEFAULT_SORT) {
    params.set('sort_by', sort.sortBy);
    params.set('sort', sort.sort);
  }
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** Changing anything but the page goes back to the first page. */
export function withFilter(filters: FindFilters, change: Partial<FindFilters>): FindFilters {
  return { ...filters, page: 1, ...change };
}

/** The query of the find calls: ship_to, sort and paging always, the other filters when set. */
export function findQuery(filters: FindFilters, pageSize = PAGE_SIZE): URLSearchParams {
  const sort = SORT_OPTIONS.find((o) => o.id === filters.sort) ?? SORT_OPTIONS[0];
  const q = new URLSearchParams();
  if (filters.keyword) q.set('keyword', filters.keyword);
  if (filters.source) q.set('sources', filters.source);
  q.set('ship_to', filters.shipTo || DEFAULT_SHIP_TO);
  if (filters.shipFrom) q.set('ship_from', filters.shipFrom);
  if (filters.category) q.set('category', filters.category);
  if (filters.orderCount) q.set('order_count', filters.orderCount);
  if (filters.price) q.set('price', filters.price);
  if (filters.rating) q.set('rating', '4');
  q.set('sort_by', sort.sortBy);
  q.set('sort', sort.sort);
  q.set('page', String(filters.page));
  q.set('page_size', String(pageSize));
  return q;
}

/** The find call (path and query) of a search, within a collection when `collection` is set. */
export function findPath(filters: FindFilters, collection?: string | null): string {
  const base = collection ? `product-sources/products/find-by-collection/${encodeURIComponent(collection)}` : 'center/products/find';
  return `${base}?${findQuery(filters).toString()}`;
}

/** How many filters (besides keyword, source, ship-to and sort) are active. */
export function activeFilterCount(filters: FindFilters): number {
  return [filters.shipFrom, filters.category, filters.orderCount, filters.price, filters.rating].filter(Boolean).length;
}

/** Key of a product in favourites and import states: "source:productId". */
export const productKey = (p: { source: string; source_product_id: string }) => `${p.source}:${p.source_product_id}`;

/** The detail route of a product for a ship-to country. */
export const detailPath = (source: string, productId: string, shipTo: string) =>
  `/app/find-product/${encodeURIComponent(source)}/detail/${encodeURIComponent(productId)}/${encodeURIComponent(shipTo || DEFAULT_SHIP_TO)}`;
