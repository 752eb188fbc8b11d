import type { ImportedProduct, ProductCard } from '@/types/products';

export function makeCard(id: string, over: Partial<ProductCard> = {}): ProductCard {
  return {
    source_product_id: id,
    source: 'aliexpress',
    name: `Product ${id}`,
    images: [`https://img.test/${id}-1.jpg`, `https://img.test/${id}-2.jpg`, `https://img.test/${id}-1.jpg`],
    video_url: null,
    price: 12.5,
    imported: false,
    product_package_id: null,
    total_variants: 3,
    ship_to: 'US',
    mapped: false,
    lastest_volume: 1520,
    details: {
      price_range: [10, 15],
      lastest_volume: 1520,
      rating: 4.6,
      reviews_count: 31,
      shipping_cost: 0,
      shipping_time_min: 7,
      shipping_time_max: 12,
      ship_countries: ['US'],
    },
    ...over,
  };
}

export function makeImported(over: Partial<ImportedProduct> = {}): ImportedProduct {
  const variant = (id: string, color: string, size: string, price: number) => ({
    id,
    sku_id: `sku-${id}`,
    options: { Color: color, Size: size },
    cost: 5,
    shipping_cost: 1.5,
    price,
    compare_at_price: null,
    stock: 100,
    image: null,
    enabled: true,
  });
  return {
    id: 'p1',
    product_package_id: 'p1',
    stage: 'import_list',
    source: 'aliexpress',
    source_product_id: '1005',
    ship_to: 'US',
    title: 'Desk lamp',
    description_html: '<p>Bright</p>',
    tags: ['lamp'],
    collections: [],
    product_type: 'Lighting',
    vendor: 'Acme',
    options: [
      { name: 'Color', values: ['Red', 'Blue'] },
      { name: 'Size', values: ['S', 'M'] },
    ],
    images: [
      { url: 'https://img.test/a.jpg', selected: true },
      { url: 'https://img.test/b.jpg', selected: true },
      { url: 'https://img.test/c.jpg', selected: false },
    ],
    thumbnail: 'https://img.test/a.jpg',
    variants: [
      variant('v1', 'Red', 'S', 10),
      variant('v2', 'Red', 'M', 11),
      variant('v3', 'Blue', 'S', 12),
      variant('v4', 'Blue', 'M', 13),
    ],
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    pricing_applied_at: null,
    ...over,
  };
}
