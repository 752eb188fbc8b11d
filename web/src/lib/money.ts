/** Money amounts (spec section 5): rounded to 2 decimals, "--" when missing, " - " between a range. */

/** Rounds to 2 decimals, avoiding binary drift (1.005 → 1.01). */
export function round2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

export function toAmount(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

export function formatMoney(value: number | string | null | undefined, currency = 'USD', locale = 'en'): string {
  const n = toAmount(value);
  if (n === null) return '--';
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
  } catch {
    return `${n.toFixed(2)} ${currency}`;
  }
}

/** "min - max", one amount when both are equal or one is missing, "--" when both are. */
export function formatMoneyRange(
  min: number | string | null | undefined,
  max: number | string | null | undefined,
  currency = 'USD',
  locale = 'en',
): string {
  const lo = toAmount(min);
  const hi = toAmount(max);
  if (lo === null && hi === null) return '--';
  if (lo === null || hi === null || round2(lo) === round2(hi)) return formatMoney(lo ?? hi, currency, locale);
  return `${formatMoney(Math.min(lo, hi), currency, locale)} - ${formatMoney(Math.max(lo, hi), currency, locale)}`;
}

/** Abbreviated counts (spec section 9): K at 1e3, M at 1e6, G at 1e9. */
export function abbreviateCount(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  const units: [number, string][] = [
    [1e9, 'G'],
    [1e6, 'M'],
    [1e3, 'K'],
  ];
  for (const [size, suffix] of units) {
    if (Math.abs(value) >= size) return `${Number((value / size).toFixed(1))}${suffix}`;
  }
  return String(Math.round(value));
}
