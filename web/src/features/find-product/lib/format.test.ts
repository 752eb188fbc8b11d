import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import {
  cardImages,
  cardPriceBounds,
  formatRating,
  formatShippingCost,
  formatShippingTime,
  isEmpty,
  knownRating,
  parseDeliveryTime,
  reviewsShown,
  shippingTime,
} from './format';

const t = i18n.getFixedT('en');

describe('shipping time (spec section 5)', () => {
  it.each([
    [null, null, '-'],
    [undefined, undefined, '-'],
    ['', ' ', '-'],
    [Number.NaN, null, '-'],
    [0, 0, '-'],
    [5, 120, '-'],
    [100, 100, '-'],
    [7, 7, '7 days'],
    [1, 1, '1 days'],
    [7, 15, '7-15 days'],
    [15, 7, '7-15 days'],
    [0, 5, '0-5 days'],
    [null, 12, '12 days'],
    ['3', '9', '3-9 days'],
    [99, 99, '99 days'],
  ])('%s, %s → %s', (min, max, text) => {
    expect(formatShippingTime(min, max, t)).toBe(text);
  });

  it('describes the kind of value', () => {
    expect(shippingTime(2, 2)).toEqual({ kind: 'days', days: 2 });
    expect(shippingTime(2, 4)).toEqual({ kind: 'range', min: 2, max: 4 });
    expect(shippingTime(0, 0)).toEqual({ kind: 'none' });
  });

  it('parses "N-M day" of the logistics options', () => {
    expect(parseDeliveryTime('7-15 day')).toEqual({ min: 7, max: 15 });
    expect(parseDeliveryTime('10 day')).toEqual({ min: 10, max: 10 });
    expect(parseDeliveryTime('3 - 5 days')).toEqual({ min: 3, max: 5 });
    expect(parseDeliveryTime('')).toEqual({ min: null, max: null });
    expect(formatShippingTime(...(Object.values(parseDeliveryTime('12-20 day')) as [number, number]), t)).toBe('12-20 days');
  });
});

describe('shipping cost', () => {
  it('is FREE at 0, "-" when unknown, an amount otherwise', () => {
    expect(formatShippingCost(0, t)).toBe('FREE');
    expect(formatShippingCost('0', t)).toBe('FREE');
    expect(formatShippingCost(null, t)).toBe('-');
    expect(formatShippingCost(undefined, t)).toBe('-');
    expect(formatShippingCost(3.5, t)).toBe('$3.50');
    expect(formatShippingCost(2, t, 'EUR', 'de')).toBe('€2,00');
  });

  it('FREE is translated', () => {
    expect(formatShippingCost(0, i18n.getFixedT('de'))).toBe('KOSTENLOS');
  });
});

describe('card helpers', () => {
  it('keeps the first 5 distinct images', () => {
    expect(cardImages(['a', 'b', 'a', null, 'c', 'd', 'e', 'f'])).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(cardImages(undefined)).toEqual([]);
  });

  it('empty check of the spec: 0 is not empty', () => {
    expect(isEmpty(0)).toBe(false);
    expect(isEmpty('  ')).toBe(true);
    expect(isEmpty(Number.NaN)).toBe(true);
  });

  it('rating to one decimal', () => {
    expect(formatRating(4.66)).toBe('4.7');
    expect(formatRating(null)).toBe('-');
  });
});

describe('knownRating', () => {
  it('keeps a rating the supplier gave and hides 0 (not rated) and missing values', () => {
    expect(knownRating(4.6)).toBe(4.6);
    expect(knownRating('3.5')).toBe(3.5);
    expect(knownRating(0)).toBeNull();
    expect(knownRating(null)).toBeNull();
    expect(knownRating(undefined)).toBeNull();
  });
});

describe('cardPriceBounds', () => {
  it('is the range when the variants differ, else one price', () => {
    expect(cardPriceBounds(12.5, [10, 15])).toEqual([10, 15]);
    expect(cardPriceBounds(12.5, [15, 10])).toEqual([10, 15]);
    expect(cardPriceBounds(3, [3, 3.001])).toEqual([3, 3]);
    expect(cardPriceBounds(7, null)).toEqual([7, 7]);
    expect(cardPriceBounds(7, [null, null])).toEqual([7, 7]);
  });
});

describe('reviewsShown', () => {
  it("is the reviews list's total once read, else the detail's count, else unknown", () => {
    expect(reviewsShown({ total: 266, items: [1, 2] }, null)).toBe(266);
    expect(reviewsShown({ total: 266, items: [1, 2] }, 0)).toBe(266);
    expect(reviewsShown({ total: null, items: [1, 2] }, 0)).toBe(2);
    expect(reviewsShown(undefined, 31)).toBe(31);
    expect(reviewsShown(undefined, null)).toBeNull();
  });
});
