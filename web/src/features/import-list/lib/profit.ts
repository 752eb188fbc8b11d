/**
 * What a variant earns at the price being typed: the price less what the owner pays the
 * supplier for it (its cost and the shipping to the customer). The margin is that profit as a
 * share of the price. Amounts are the product's own currency (USD, the suppliers' currency).
 */
import { round2 } from '@/lib/money';

export interface VariantEarnings {
  profit: number | null;
  /** Percent of the price; null when there is no positive price to divide by. */
  margin: number | null;
}

export function variantEarnings(v: { cost: number; shipping_cost: number; price: number }): VariantEarnings {
  if (!Number.isFinite(v.price) || v.price < 0) return { profit: null, margin: null };
  const profit = round2(v.price - v.cost - (v.shipping_cost || 0));
  return { profit, margin: v.price > 0 ? Math.round((profit / v.price) * 1000) / 10 : null };
}

/** "42.5%" in the reader's digits and separators; "--" when unknown. */
export function formatPercent(value: number | null, locale: string): string {
  if (value === null) return '--';
  try {
    return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
  } catch {
    return `${value}%`;
  }
}
