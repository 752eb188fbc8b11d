import type { StoreProduct } from '@/types/mapping';
import type { ProductDetail } from '@/types/products';

export function makeStoreProduct(over: Partial<StoreProduct> = {}): StoreProduct {
  return {
    id: 'sp1',
    store_id: 'store-1',
    remote_id: 'gid://shopify/Product/1',
    title: 'Desk lamp',
    handle: 'desk-lamp',
    image: null,
    mapped: false,
    variants: [
      { id: 'v1', remote_id: 'rv1', title: 'Red / S', sku: 'LAMP-RS', price: 24.5, options: { Color: 'Red', Size: 'S' }, suppliers: [] },
      { id: 'v2', remote_id: 'rv2', title: 'Blue / S', sku: 'LAMP-BS', price: 26, options: { Color: 'Blue', Size: 'S' }, suppliers: [] },
    ],
    ...over,
  };
}

export function makeSupplierDetail(source: string, id: string, skus: string[]): ProductDetail {
  return {
    source,
    source_product_id: id,
    name: `Supplier ${id}`,
    description: '',
    images: [],
    options: [{ name: 'Color', values: skus.map((s) => ({ id: s, value: s })) }],
    variants: skus.map((sku, i) => ({ sku_id: sku, options: { Color: `C${i}` }, price: 5 + i, stock: 10 * (i + 1) })),
    price_range: [5, 5 + skus.length - 1],
    lastest_volume: 0,
    ships_to: [],
    imported: false,
  };
}
