import { describe, expect, it } from 'vitest';
import type { StoreProduct } from '@/types/mapping';
import {
  addProblem,
  addSupplier,
  changedVariants,
  draftFrom,
  isDataNotFound,
  mapVariantPayload,
  moveSupplier,
  parseCountries,
  removeSupplier,
  supplierProducts,
} from './mapping';

const sup = (source: string, id: string, sku: string, priority = 1, ship_to_countries: string[] = []) => ({
  priority,
  source,
  source_product_id: id,
  sku_id: sku,
  ship_to_countries,
});

const product: StoreProduct = {
  id: 'sp1',
  store_id: 's1',
  remote_id: 'r1',
  title: 'Lamp',
  handle: 'lamp',
  image: null,
  mapped: true,
  variants: [
    {
      id: 'v1',
      remote_id: 'rv1',
      title: 'Red',
      sku: 'L-R',
      price: 20,
      options: { Color: 'Red' },
      suppliers: [sup('cj', 'c1', 'k2', 2), sup('aliexpress', 'a1', 'k1', 1, ['US'])],
    },
    { id: 'v2', remote_id: 'rv2', title: 'Blue', sku: 'L-B', price: 20, options: { Color: 'Blue' }, suppliers: [] },
  ],
};

const d = (source: string, id: string, sku: string, countries: string[] = []) => ({
  source,
  source_product_id: id,
  sku_id: sku,
  ship_to_countries: countries,
});

describe('mapping draft', () => {
  it('starts from the saved suppliers in priority order', () => {
    expect(draftFrom(product)).toEqual({ v1: [d('aliexpress', 'a1', 'k1', ['US']), d('cj', 'c1', 'k2')], v2: [] });
    expect(changedVariants(product, draftFrom(product))).toEqual([]);
  });

  it('adds as the last fallback, refusing a listed SKU and a sixth supplier', () => {
    let draft = addSupplier(draftFrom(product), 'v2', d('temu', 't1', 'x'));
    draft = addSupplier(draft, 'v2', d('temu', 't1', 'x'));
    expect(draft.v2).toEqual([d('temu', 't1', 'x')]);
    expect(addProblem(draft.v2, d('temu', 't1', 'x'))).toBe('duplicate');
    for (const sku of ['a', 'b', 'c', 'e']) draft = addSupplier(draft, 'v2', d('cj', 'c9', sku));
    expect(draft.v2).toHaveLength(5);
    expect(addProblem(draft.v2, d('cj', 'c9', 'f'))).toBe('full');
    expect(addSupplier(draft, 'v2', d('cj', 'c9', 'f'))).toBe(draft);
  });

  it('moves and removes, and the payload lists only changed variants in priority order', () => {
    let draft = moveSupplier(draftFrom(product), 'v1', 1, -1);
    expect(draft.v1.map((s) => s.source)).toEqual(['cj', 'aliexpress']);
    expect(moveSupplier(draft, 'v1', 0, -1)).toBe(draft);
    draft = addSupplier(draft, 'v2', d('ebay', 'e1', 'z', ['GB', 'DE']));
    expect(mapVariantPayload(product, draft)).toEqual({
      mappings: [
        {
          variant_id: 'v1',
          suppliers: [
            { source: 'cj', source_product_id: 'c1', sku_id: 'k2' },
            { source: 'aliexpress', source_product_id: 'a1', sku_id: 'k1', ship_to_countries: ['US'] },
          ],
        },
        { variant_id: 'v2', suppliers: [{ source: 'ebay', source_product_id: 'e1', sku_id: 'z', ship_to_countries: ['GB', 'DE'] }] },
      ],
    });
    draft = removeSupplier(removeSupplier(draft, 'v1', 0), 'v1', 0);
    expect(mapVariantPayload(product, draft).mappings[0]).toEqual({ variant_id: 'v1', suppliers: [] });
  });

  it('lists the supplier products in use, reads country lists and recognises DataNotFound', () => {
    expect(supplierProducts(product)).toEqual([
      { source: 'aliexpress', source_product_id: 'a1' },
      { source: 'cj', source_product_id: 'c1' },
    ]);
    expect(parseCountries(' us, gb;DE  x usa us')).toEqual(['US', 'GB', 'DE']);
    expect(isDataNotFound({ status: 202, message: 'DataNotFound' })).toBe(true);
    expect(isDataNotFound({ status: 202, message: 'Not found' })).toBe(false);
  });
});
