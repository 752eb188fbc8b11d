/**
 * The pricing rule of docs/API.md ("PricingRule"), mirrored for the live example of the settings
 * page: for a cost (plus the shipping cost when `include_shipping`), the first range holding it
 * gives the value (else `default_value`); `multiplier` prices cost × value, `fixed` cost + value;
 * `cents` replaces the decimals; the compare-at price is price × `compare_at.multiplier`, with the
 * same cents ending. Like the API (jobs/src/products/pricing.rs): a range holds costs from `min` up
 * to, not including, `max`.
 */
import { round2 } from '@/lib/money';
import type { CostRange, PricingRule } from '@/types/products';

export const DEFAULT_PRICING_RULE: PricingRule = {
  mode: 'multiplier',
  ranges: [],
  default_value: 2,
  include_shipping: false,
  compare_at: { enabled: false, multiplier: 1.5 },
  cents: null,
};

/** Whether `base` lies in the range: from min, up to but not including max (none: no upper end). */
export function inRange(range: CostRange, base: number): boolean {
  return base >= range.min && (range.max === null || range.max === undefined || base < range.max);
}

/** The value of the first range holding `base`, else the default value. */
export function ruleValue(rule: PricingRule, base: number): number {
  return rule.ranges.find((r) => inRange(r, base))?.value ?? rule.default_value;
}

/** Replaces the decimals of `price` with `cents` (12.31 with 0.99 → 12.99). */
export function withCents(price: number, cents: number | null): number {
  if (cents === null || cents === undefined) return price;
  return round2(Math.floor(round2(price)) + cents);
}

export interface PricedResult {
  /** Cost the rule was applied to (with shipping when included). */
  base: number;
  price: number;
  compareAt: number | null;
}

export function applyPricingRule(rule: PricingRule, cost: number, shippingCost: number | null = 0): PricedResult {
  const base = round2(cost + (rule.include_shipping ? (shippingCost ?? 0) : 0));
  const value = ruleValue(rule, base);
  const raw = rule.mode === 'multiplier' ? base * value : base + value;
  const price = withCents(round2(raw), rule.cents);
  const compareAt = rule.compare_at.enabled ? withCents(round2(price * rule.compare_at.multiplier), rule.cents) : null;
  return { base, price, compareAt };
}

export type RuleError = 'rangeMin' | 'rangeMax' | 'rangeValue' | 'defaultValue' | 'cents' | 'compareAt';

const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/** The problems that block saving (empty when the rule is valid). */
export function validateRule(rule: PricingRule): RuleError[] {
  const errors = new Set<RuleError>();
  const valueOk = (v: number) => finite(v) && (rule.mode === 'multiplier' ? v > 0 : v >= 0);
  for (const r of rule.ranges) {
    if (!finite(r.min) || r.min < 0) errors.add('rangeMin');
    if (r.max !== null && (!finite(r.max) || (finite(r.min) && r.max <= r.min))) errors.add('rangeMax');
    if (!valueOk(r.value)) errors.add('rangeValue');
  }
  if (!valueOk(rule.default_value)) errors.add('defaultValue');
  if (rule.cents !== null && (!finite(rule.cents) || rule.cents < 0 || rule.cents > 0.99)) errors.add('cents');
  if (rule.compare_at.enabled && (!finite(rule.compare_at.multiplier) || rule.compare_at.multiplier < 1)) errors.add('compareAt');
  return [...errors];
}

/** A new range after the last one: from its max (else 0), open-ended, with the default value. */
export function nextRange(rule: PricingRule): CostRange {
  const last = rule.ranges[rule.ranges.length - 1];
  return { min: last ? (last.max ?? last.min) : 0, max: null, value: rule.default_value };
}

/** A rule from the API with every field present (older or partial answers get the defaults). */
export function completeRule(rule: Partial<PricingRule> | null | undefined): PricingRule {
  return {
    ...DEFAULT_PRICING_RULE,
    ...rule,
    ranges: rule?.ranges ?? [],
    compare_at: { ...DEFAULT_PRICING_RULE.compare_at, ...rule?.compare_at },
    cents: rule?.cents ?? null,
  };
}
