import { describe, expect, it } from 'vitest';
import { checkQuota, listingQuota, newDestinations, productUnits, requiredUnits, variantWarnings } from './quota';

const product = (id: string, variant_count: number, pushed?: Record<string, string>) => ({ id, variant_count, pushed });

describe('push quota', () => {
  it('counts a product as one unit up to 100 variants, then one per started hundred', () => {
    expect([0, 1, 99, 100, 101, 200, 201, 350].map(productUnits)).toEqual([1, 1, 1, 1, 2, 2, 3, 4]);
  });

  it('needs products × selected channels units', () => {
    const products = [product('a', 3), product('b', 10), product('c', 1)];
    expect(requiredUnits(products, ['store-1', 'store-2', 'tiktok'])).toBe(9);
    expect(requiredUnits(products, [])).toBe(0);
    expect(requiredUnits([product('big', 250)], ['store-1', 'store-2'])).toBe(6);
  });

  it('counts only the channels a product is not at yet (product center)', () => {
    const p = product('a', 5, { 'store-1': 'success' });
    expect(newDestinations(p, ['store-1', 'store-2'])).toEqual(['store-2']);
    // A failed push is not "at" the destination: it counts again.
    expect(requiredUnits([p, product('b', 120, { 'store-1': 'error' })], ['store-1', 'store-2'])).toBe(5);
    expect(requiredUnits([p], ['store-1'])).toBe(0);
  });

  it('is over when the units pass limit minus usage', () => {
    expect(checkQuota({ limit: 20, usage: 11 }, 9)).toEqual({ unlimited: false, remaining: 9, required: 9, over: false });
    expect(checkQuota({ limit: 20, usage: 12 }, 9).over).toBe(true);
    expect(checkQuota({ limit: 20, usage: 25 }, 1)).toMatchObject({ remaining: 0, over: true });
    expect(checkQuota({ limit: 0, usage: 0 }, 1).over).toBe(true);
  });

  it('is never over when unlimited (-1, -2) or when nothing is needed; no quota holds nothing', () => {
    expect(checkQuota({ limit: -1, usage: 5000 }, 999)).toMatchObject({ unlimited: true, over: false });
    expect(checkQuota({ limit: -2, usage: 0 }, 1).over).toBe(false);
    expect(checkQuota({ limit: 10, usage: 10 }, 0).over).toBe(false);
    expect(checkQuota(null, 1)).toMatchObject({ remaining: 0, over: true });
  });

  it('warns about products over 100 variants with their hash and units', () => {
    expect(variantWarnings([product('a', 100), product('b', 101), product('c', 250)])).toEqual([
      { hash: 'b', variants: 101, units: 2 },
      { hash: 'c', variants: 250, units: 3 },
    ]);
  });

  it('reads LISTING_PRODUCTS from the plan features', () => {
    expect(listingQuota({ LISTING_PRODUCTS: { limit: 20, usage: 3 }, IMPORT_PRODUCT: { limit: 50, usage: 1 } })).toEqual({
      limit: 20,
      usage: 3,
    });
    expect(listingQuota({ IMPORT_PRODUCT: { limit: 50, usage: 1 } })).toBeNull();
    expect(listingQuota(undefined)).toBeNull();
  });
});
