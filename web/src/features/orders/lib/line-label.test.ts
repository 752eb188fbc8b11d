import { describe, expect, it } from 'vitest';
import { isInternalSku, lineOptions, lineSku } from './line-label';

const INTERNAL = 'DL-0f1e2d3c4b5a69788796a5b4c3d2e1f0';

describe('order line labels', () => {
  it("recognises Dropline's own SKU (DL- and a variant id) and nothing else", () => {
    expect(isInternalSku(INTERNAL)).toBe(true);
    expect(isInternalSku('DL-LAMP-RED')).toBe(false);
    expect(isInternalSku('LAMP-R')).toBe(false);
    expect(isInternalSku(null)).toBe(false);
  });

  it("shows the store's SKU the owner set, else the supplier's SKU, never the internal one", () => {
    expect(lineSku({ sku: 'LAMP-R', sku_id: '1005-0' })).toEqual({ kind: 'store', value: 'LAMP-R' });
    expect(lineSku({ sku: INTERNAL, sku_id: '1005-0' })).toEqual({ kind: 'supplier', value: '1005-0' });
    expect(lineSku({ sku: '', sku_id: '1005-0' })).toEqual({ kind: 'supplier', value: '1005-0' });
    expect(lineSku({ sku: INTERNAL, sku_id: null })).toBeNull();
  });

  it("names the variant by its option values, not Shopify's 'Default Title'", () => {
    expect(lineOptions({ variant_title: 'Red / XL' })).toBe('Red / XL');
    expect(lineOptions({ variant_title: 'Default Title' })).toBeNull();
    expect(lineOptions({ variant_title: null })).toBeNull();
  });
});
