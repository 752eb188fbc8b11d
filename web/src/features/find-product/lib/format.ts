/** Card and detail formatting rules of the spec (section 5). */
import type { TFunction } from 'i18next';
import { formatMoney } from '@/lib/money';

/** Empty per spec section 5: undefined, null, NaN and blank strings; 0 is not empty. */
export function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'number' && Number.isNaN(value)) ||
    (typeof value === 'string' && value.trim() === '')
  );
}

function num(value: unknown): number | null {
  if (isEmpty(value)) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

export type ShippingTime = { kind: 'none' } | { kind: 'days'; days: number } | { kind: 'range'; min: number; max: number };

/**
 * Shipping time: nothing when both values are empty, both are 0, or either is above 99; one
 * number when min and max are equal (or only one is known); otherwise the range.
 */
export function shippingTime(minValue: unknown, maxValue: unknown): ShippingTime {
  const min = num(minValue);
  const max = num(maxValue);
  if (min === null && max === null) return { kind: 'none' };
  if ((min ?? 0) === 0 && (max ?? 0) === 0) return { kind: 'none' };
  if ((min ?? 0) > 99 || (max ?? 0) > 99) return { kind: 'none' };
  const lo = min ?? max!;
  const hi = max ?? min!;
  if (lo === hi) return { kind: 'days', days: lo };
  return { kind: 'range', min: Math.min(lo, hi), max: Math.max(lo, hi) };
}

export function formatShippingTime(minValue: unknown, maxValue: unknown, t: TFunction): string {
  const time = shippingTime(minValue, maxValue);
  if (time.kind === 'none') return '-';
  if (time.kind === 'days') return t('findProduct.days', { days: time.days });
  return t('findProduct.dayRange', { min: time.min, max: time.max });
}

/** Shipping time of a logistics option, from "N-M day" (or "N day"). */
export function parseDeliveryTime(text: string | null | undefined): { min: number | null; max: number | null } {
  const match = /(\d+(?:\.\d+)?)\s*(?:-\s*(\d+(?:\.\d+)?))?/.exec(text ?? '');
  if (!match) return { min: null, max: null };
  const min = Number(match[1]);
  return { min, max: match[2] !== undefined ? Number(match[2]) : min };
}

/** Shipping cost: FREE at 0, "-" when not known yet. */
export function formatShippingCost(cost: unknown, t: TFunction, currency = 'USD', locale = 'en'): string {
  const value = num(cost);
  if (value === null) return '-';
  if (value === 0) return t('findProduct.free');
  return formatMoney(value, currency, locale);
}

/** The first `max` distinct image addresses (spec section 9: cards show at most 5). */
export function cardImages(images: readonly (string | null | undefined)[] | null | undefined, max = 5): string[] {
  const out: string[] = [];
  for (const image of images ?? []) {
    if (image && !out.includes(image)) out.push(image);
    if (out.length === max) break;
  }
  return out;
}

/** A rating to one decimal, "-" when missing. */
export function formatRating(rating: unknown): string {
  const value = num(rating);
  return value === null ? '-' : value.toFixed(1);
}

/**
 * A rating the supplier gave (1 to 5 stars), or null: suppliers without ratings (CJ) send 0,
 * which is "not rated", not "rated zero stars", so it is hidden rather than shown as 0.0.
 */
export function knownRating(rating: unknown): number | null {
  const value = num(rating);
  return value !== null && value > 0 ? value : null;
}

/**
 * The one price a card prints: the in-stock variants' range when they differ, else their one
 * price (the card's own price only when the detail has not been read yet).
 */
export function cardPriceBounds(
  price: unknown,
  range: readonly (number | null | undefined)[] | null | undefined,
): [number | null, number | null] {
  const lo = num(range?.[0]);
  const hi = num(range?.[1]);
  if (lo !== null && hi !== null && Math.round(lo * 100) !== Math.round(hi * 100)) return [Math.min(lo, hi), Math.max(lo, hi)];
  const single = lo ?? hi ?? num(price);
  return [single, single];
}

/**
 * The reviews count a detail shows: what the reviews list holds (its total, else the reviews on
 * its only page) once it is read, else the count the catalogue kept; null when neither is known.
 * AliExpress's and CJ's product reads carry no count, so the detail's own can be missing.
 */
export function reviewsShown(
  firstPage: { total?: number | null; items: readonly unknown[] } | undefined,
  detailCount: number | null | undefined,
): number | null {
  if (firstPage) return num(firstPage.total) ?? firstPage.items.length;
  return num(detailCount);
}
