/**
 * Money amounts, formatted in one place (spec sections 3, 5 and 9): rounded to the currency's
 * decimals, "--" when missing, " - " between a range.
 *
 * The symbol's side and the decimals belong to the currency, not to the reader's language
 * (spec section 9: zero-decimal JPY, KRW, VND, IDR and the CFA francs; the symbol after the
 * amount for PLN, RUB, UAH, DZD, MXN). The language only chooses the digits and separators
 * (the currency entry's `language`). Intl's own currency style is not used because it moves
 * the symbol by language ("1.234,50 $" in German, "$US" in French), so one page showed
 * "$US 3.82" beside "82.05 US$".
 */

/** Rounds to 2 decimals, avoiding binary drift (1.005 → 1.01). */
export function round2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

export function toAmount(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** Spec section 9: currencies without minor units (the CFA francs are XOF and XAF). */
const ZERO_DECIMAL = new Set(['JPY', 'KRW', 'VND', 'IDR', 'XOF', 'XAF']);
/** Spec section 9: the symbol follows the amount. */
const SYMBOL_AFTER = new Set(['PLN', 'RUB', 'UAH', 'DZD', 'MXN']);

const SYMBOLS: Record<string, string> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  AUD: 'A$',
  CAD: 'CA$',
  NZD: 'NZ$',
  HKD: 'HK$',
  SGD: 'S$',
  BRL: 'R$',
  JPY: '¥',
  CNY: 'CN¥',
  KRW: '₩',
  VND: '₫',
  IDR: 'Rp',
  INR: '₹',
  TRY: '₺',
  ILS: '₪',
  THB: '฿',
  PHP: '₱',
  XOF: 'F CFA',
  XAF: 'FCFA',
  PLN: 'zł',
  RUB: '₽',
  UAH: '₴',
  DZD: 'DA',
  MXN: 'MX$',
};

/** The currencies a workspace can show money in (each has a symbol above). */
export const DISPLAY_CURRENCIES: readonly string[] = Object.keys(SYMBOLS);

/** Right-to-left interface languages, where the amount must be isolated. */
const RTL = new Set(['ar', 'he', 'fa', 'ur']);
/** LEFT-TO-RIGHT ISOLATE … POP DIRECTIONAL ISOLATE: the amount keeps "symbol number" order
 * inside Arabic text instead of the number and symbol being reordered by the paragraph. */
const LRI = '\u2066';
const PDI = '\u2069';

export function currencyDecimals(currency: string): number {
  return ZERO_DECIMAL.has(currency.toUpperCase()) ? 0 : 2;
}

export function currencySymbol(currency: string): string {
  const code = currency.toUpperCase();
  return SYMBOLS[code] ?? code;
}

export function isSymbolAfter(currency: string): boolean {
  return SYMBOL_AFTER.has(currency.toUpperCase());
}

function digits(value: number, decimals: number, locale: string): string {
  let text: string;
  try {
    text = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);
  } catch {
    text = value.toFixed(decimals);
  }
  // Intl adds directional marks of its own in some languages; the isolate below replaces them.
  return text.replace(/[\u200e\u200f\u061c]/g, '');
}

export function formatMoney(value: number | string | null | undefined, currency = 'USD', locale = 'en'): string {
  const n = toAmount(value);
  if (n === null) return '--';
  const code = (currency || 'USD').toUpperCase();
  const decimals = currencyDecimals(code);
  const factor = 10 ** decimals;
  const rounded = Math.round((Math.abs(n) + Number.EPSILON) * factor) / factor;
  const number = digits(rounded, decimals, locale);
  const symbol = currencySymbol(code);
  const sign = n < 0 && rounded !== 0 ? '-' : '';
  // A symbol of letters ("Rp", or an unknown code) reads better apart from the digits.
  const spaced = /[\p{L}\p{N}]$/u.test(symbol);
  const text = isSymbolAfter(code) ? `${sign}${number} ${symbol}` : `${sign}${symbol}${spaced ? ' ' : ''}${number}`;
  return RTL.has(locale.split('-')[0]) ? `${LRI}${text}${PDI}` : text;
}

/**
 * A plan's price per month (spec section 9: "$" with one decimal, "$29.9"). `price` is what one
 * cycle costs in USD; a yearly plan (any cycle but 30 days) is spread over twelve months.
 */
export function formatPlanMonthly(price: number, cycle: number, locale = 'en'): string {
  const perMonth = cycle === 30 ? price : price / 12;
  const text = `$${digits(Math.round((perMonth + Number.EPSILON) * 10) / 10, 1, locale)}`;
  return RTL.has(locale.split('-')[0]) ? `${LRI}${text}${PDI}` : text;
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
