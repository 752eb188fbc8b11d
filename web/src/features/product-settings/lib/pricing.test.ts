import { describe, expect, it } from 'vitest';
import type { PricingRule } from '@/types/products';
import { DEFAULT_PRICING_RULE, applyPricingRule, completeRule, nextRange, ruleValue, validateRule, withCents } from './pricing';

const rule = (over: Partial<PricingRule> = {}): PricingRule => ({ ...DEFAULT_PRICING_RULE, ...over });

describe('pricing rule (docs/API.md PricingRule)', () => {
  it('default: cost × 2, no cents, no compare-at', () => {
    expect(applyPricingRule(DEFAULT_PRICING_RULE, 10)).toEqual({ base: 10, price: 20, compareAt: null });
    expect(applyPricingRule(DEFAULT_PRICING_RULE, 3.33)).toEqual({ base: 3.33, price: 6.66, compareAt: null });
  });

  it('multiplier 3 with cents .99 (the browser test)', () => {
    const r = rule({ default_value: 3, cents: 0.99 });
    expect(applyPricingRule(r, 10).price).toBe(30.99);
    expect(applyPricingRule(r, 4.1).price).toBe(12.99);
    expect(applyPricingRule(r, 10.1).price).toBe(30.99);
  });

  it('fixed mode adds the value', () => {
    expect(applyPricingRule(rule({ mode: 'fixed', default_value: 5 }), 10).price).toBe(15);
    expect(applyPricingRule(rule({ mode: 'fixed', default_value: 2.5 }), 0.3).price).toBe(2.8);
  });

  it('cents replace the decimals (12.31 with 0.99 → 12.99), 0 rounds down to whole', () => {
    expect(withCents(12.31, 0.99)).toBe(12.99);
    expect(withCents(12.31, 0)).toBe(12);
    expect(withCents(12.31, 0.5)).toBe(12.5);
    expect(withCents(12.31, null)).toBe(12.31);
    expect(withCents(12.999, 0.49)).toBe(13.49);
  });

  it('the first range holding the cost gives the value, else the default', () => {
    const r = rule({
      ranges: [
        { min: 0, max: 10, value: 3 },
        { min: 10, max: 50, value: 2 },
        { min: 5, max: null, value: 9 },
      ],
      default_value: 1.5,
    });
    expect(ruleValue(r, 4)).toBe(3);
    expect(ruleValue(r, 9.99)).toBe(3);
    // From min up to, not including, max (as the API does).
    expect(ruleValue(r, 10)).toBe(2);
    expect(ruleValue(r, 49.99)).toBe(2);
    expect(ruleValue(r, 50)).toBe(9);
    expect(ruleValue(r, 80)).toBe(9);
    expect(ruleValue(rule({ ranges: [{ min: 1, max: 2, value: 4 }], default_value: 1.5 }), 0.5)).toBe(1.5);
    expect(applyPricingRule(r, 20).price).toBe(40);
  });

  it('shipping is added to the cost when included (also for choosing the range)', () => {
    const r = rule({ include_shipping: true, ranges: [{ min: 0, max: 10, value: 3 }], default_value: 2 });
    expect(applyPricingRule(r, 9, 2)).toEqual({ base: 11, price: 22, compareAt: null });
    expect(applyPricingRule(r, 9, null)).toEqual({ base: 9, price: 27, compareAt: null });
    expect(applyPricingRule(rule({ include_shipping: false }), 9, 2).base).toBe(9);
  });

  it('compare-at = price × multiplier, with the same cents ending', () => {
    const r = rule({ default_value: 3, cents: 0.99, compare_at: { enabled: true, multiplier: 1.5 } });
    expect(applyPricingRule(r, 10)).toEqual({ base: 10, price: 30.99, compareAt: 46.99 });
    // The API's own example: fixed +5, cents .99, compare-at ×2: 7.31 → 12.99, compare-at 25.99.
    expect(
      applyPricingRule(rule({ mode: 'fixed', default_value: 5, cents: 0.99, compare_at: { enabled: true, multiplier: 2 } }), 7.31),
    ).toEqual({ base: 7.31, price: 12.99, compareAt: 25.99 });
    expect(applyPricingRule(rule({ compare_at: { enabled: true, multiplier: 1.5 } }), 3.33).compareAt).toBe(9.99);
  });

  it('the API examples: ranges with shipping included', () => {
    const r = rule({
      ranges: [
        { min: 0, max: 10, value: 3 },
        { min: 10, max: null, value: 1.5 },
      ],
      include_shipping: true,
    });
    expect(applyPricingRule(r, 8, 1).price).toBe(27);
    expect(applyPricingRule(r, 8, 3).price).toBe(16.5);
    expect(applyPricingRule(DEFAULT_PRICING_RULE, 10.5, 3).price).toBe(21);
  });

  it('validates', () => {
    expect(validateRule(DEFAULT_PRICING_RULE)).toEqual([]);
    expect(validateRule(rule({ cents: 1.2 }))).toEqual(['cents']);
    expect(validateRule(rule({ default_value: 0 }))).toEqual(['defaultValue']);
    expect(validateRule(rule({ mode: 'fixed', default_value: 0 }))).toEqual([]);
    expect(validateRule(rule({ ranges: [{ min: 5, max: 2, value: 2 }] }))).toEqual(['rangeMax']);
    expect(validateRule(rule({ ranges: [{ min: 5, max: 5, value: 2 }] }))).toEqual(['rangeMax']);
    expect(validateRule(rule({ ranges: [{ min: Number.NaN, max: null, value: Number.NaN }] }))).toEqual(['rangeMin', 'rangeValue']);
    expect(validateRule(rule({ compare_at: { enabled: true, multiplier: 0.9 } }))).toEqual(['compareAt']);
    expect(validateRule(rule({ compare_at: { enabled: true, multiplier: 1 } }))).toEqual([]);
  });

  it('a new range starts where the last one ends', () => {
    expect(nextRange(DEFAULT_PRICING_RULE)).toEqual({ min: 0, max: null, value: 2 });
    expect(nextRange(rule({ ranges: [{ min: 0, max: 20, value: 3 }] }))).toEqual({ min: 20, max: null, value: 2 });
  });

  it('completes a partial rule from the API', () => {
    expect(completeRule(undefined)).toEqual(DEFAULT_PRICING_RULE);
    expect(completeRule({ mode: 'fixed', default_value: 4 } as Partial<PricingRule>)).toMatchObject({
      mode: 'fixed',
      default_value: 4,
      ranges: [],
      cents: null,
      compare_at: { enabled: false },
    });
  });
});
