import { describe, expect, it } from 'vitest';
import { showBackToTop } from './back-to-top';

describe('back-to-top', () => {
  it('shows only past 500 px', () => {
    expect(showBackToTop(0, '/app/orders')).toBe(false);
    expect(showBackToTop(500, '/app/orders')).toBe(false);
    expect(showBackToTop(501, '/app/orders')).toBe(true);
  });

  it('never shows on the product editors', () => {
    expect(showBackToTop(5000, '/app/products-import/editor/p1')).toBe(false);
    expect(showBackToTop(5000, '/app/products-center/editor/p1')).toBe(false);
    expect(showBackToTop(5000, '/app/products-import')).toBe(true);
  });
});
