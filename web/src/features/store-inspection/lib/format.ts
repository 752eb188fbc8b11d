import { formatMoney as formatSharedMoney } from '@/lib/money';
import type { InspectedProduct } from '../api/inspect';

/** The product image address (a string or `{src}`). */
export function productImage(p: InspectedProduct): string | null {
  if (!p.image) return null;
  return typeof p.image === 'string' ? p.image : (p.image.src ?? null);
}

function amount(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** A scanned store's amount, formatted as every amount is (`@/lib/money`, spec section 9). */
export function formatMoney(value: number, currency: string | null | undefined, locale: string): string {
  return formatSharedMoney(value, currency || 'USD', locale);
}

/** "min - max" (spec interval separator " - "), one amount when equal, "--" when missing. */
export function priceRange(p: InspectedProduct, fallbackCurrency: string | null | undefined, locale: string): string {
  const min = amount(p.minPrice);
  const max = amount(p.maxPrice);
  const currency = p.currency || fallbackCurrency;
  if (min === null && max === null) return '--';
  const lo = min ?? max!;
  const hi = max ?? min!;
  if (lo === hi) return formatMoney(lo, currency, locale);
  return `${formatMoney(Math.min(lo, hi), currency, locale)} - ${formatMoney(Math.max(lo, hi), currency, locale)}`;
}

/** Detected apps: own-brand first, otherwise in the scan's order; duplicate names removed (spec section 1). */
export function orderApps<T extends { name: string; own_brand?: boolean }>(apps: readonly T[]): T[] {
  const seen = new Set<string>();
  const unique = apps.filter((a) => {
    const key = a.name.trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return [...unique.filter((a) => a.own_brand), ...unique.filter((a) => !a.own_brand)];
}
