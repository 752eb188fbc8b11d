import { describe, expect, it } from 'vitest';
import { formatPercent, variantEarnings } from './profit';

describe('variant earnings', () => {
  it('is the price less cost and shipping, and that share of the price', () => {
    expect(variantEarnings({ cost: 5, shipping_cost: 1.5, price: 13 })).toEqual({ profit: 6.5, margin: 50 });
    expect(variantEarnings({ cost: 3.33, shipping_cost: 0, price: 9.99 })).toEqual({ profit: 6.66, margin: 66.7 });
  });

  it('shows a loss as a negative profit and margin', () => {
    expect(variantEarnings({ cost: 10, shipping_cost: 2, price: 8 })).toEqual({ profit: -4, margin: -50 });
  });

  it('has no margin at a zero price and nothing for a price that is not a number', () => {
    expect(variantEarnings({ cost: 4, shipping_cost: 0, price: 0 })).toEqual({ profit: -4, margin: null });
    expect(variantEarnings({ cost: 4, shipping_cost: 0, price: Number.NaN })).toEqual({ profit: null, margin: null });
  });

  it('formats the margin per language', () => {
    expect(formatPercent(42.5, 'en')).toBe('42.5%');
    expect(formatPercent(42.5, 'de')).toMatch(/^42,5\s?%$/);
    expect(formatPercent(null, 'en')).toBe('--');
  });
});
