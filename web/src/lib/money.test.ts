import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyRange } from './money';

const LRI = '\u2066';
const PDI = '\u2069';

describe('formatMoney (spec section 9)', () => {
  it('shows zero-decimal currencies without minor units', () => {
    expect(formatMoney(1234.56, 'JPY', 'en')).toBe('¥1,235');
    expect(formatMoney(15000, 'KRW', 'en')).toBe('₩15,000');
    expect(formatMoney(250000.4, 'VND', 'en')).toBe('₫250,000');
    expect(formatMoney(99999.5, 'IDR', 'en')).toBe('Rp 100,000');
    expect(formatMoney(3280.2, 'XOF', 'en')).toBe('F CFA 3,280');
    expect(formatMoney(3280.2, 'XAF', 'en')).toBe('FCFA 3,280');
  });

  it('keeps two decimals for other currencies', () => {
    expect(formatMoney(54.99, 'USD', 'en')).toBe('$54.99');
    expect(formatMoney(84.5, 'AUD', 'en')).toBe('A$84.50');
    expect(formatMoney(7, 'EUR', 'en')).toBe('€7.00');
  });

  it('puts the symbol after the amount for PLN, RUB, UAH, DZD and MXN', () => {
    expect(formatMoney(12.5, 'PLN', 'en')).toBe('12.50 zł');
    expect(formatMoney(12.5, 'RUB', 'en')).toBe('12.50 ₽');
    expect(formatMoney(12.5, 'UAH', 'en')).toBe('12.50 ₴');
    expect(formatMoney(12.5, 'DZD', 'en')).toBe('12.50 DA');
    expect(formatMoney(12.5, 'MXN', 'en')).toBe('12.50 MX$');
  });

  it('places the symbol by currency, not by language', () => {
    // Intl's currency style would give "1.234,50 $" in German and "1 234,50 $US" in French.
    expect(formatMoney(1234.5, 'USD', 'de')).toBe('$1.234,50');
    expect(formatMoney(1234.5, 'USD', 'fr')).toBe('$1\u202f234,50');
    expect(formatMoney(1234.5, 'PLN', 'de')).toBe('1.234,50 zł');
  });

  it("uses the language's digits and separators", () => {
    expect(formatMoney(1234.5, 'EUR', 'nl')).toBe('€1.234,50');
    expect(formatMoney(1234.5, 'EUR', 'pt-BR')).toBe('€1.234,50');
    expect(formatMoney(1234.5, 'EUR', 'zh-CN')).toBe('€1,234.50');
    expect(formatMoney(1234567, 'JPY', 'de')).toBe('¥1.234.567');
  });

  it('isolates the amount in Arabic so symbol and number are not reordered', () => {
    const price = formatMoney(3.82, 'USD', 'ar');
    const cost = formatMoney(82.05, 'USD', 'ar');
    expect(price.startsWith(LRI) && price.endsWith(PDI)).toBe(true);
    // One shape for every amount: no "$US 3.82" beside "82.05 US$", no stray directional marks.
    expect(price.slice(1, -1).replace(/[0-9٠-٩.,٫٬]/g, '')).toBe('$');
    expect(cost.slice(1, -1).replace(/[0-9٠-٩.,٫٬]/g, '')).toBe('$');
    expect(formatMoney(-3, 'USD', 'ar')).not.toMatch(/[\u200e\u200f\u061c]/);
    expect(formatMoney(10, 'PLN', 'ar').slice(1, -1)).toMatch(/ zł$/);
  });

  it('does not isolate in left-to-right languages', () => {
    expect(formatMoney(1, 'USD', 'en')).not.toContain(LRI);
  });

  it('signs negative amounts before the symbol and shows "--" when missing', () => {
    expect(formatMoney(-3, 'USD', 'en')).toBe('-$3.00');
    expect(formatMoney(-3, 'PLN', 'en')).toBe('-3.00 zł');
    expect(formatMoney(null, 'USD', 'en')).toBe('--');
    expect(formatMoney('abc', 'USD', 'en')).toBe('--');
  });

  it('shows an unknown code as its letters', () => {
    expect(formatMoney(10, 'CHF', 'en')).toBe('CHF 10.00');
  });
});

describe('formatMoneyRange', () => {
  it('joins two amounts with " - " and collapses equal ones', () => {
    expect(formatMoneyRange(1, 2, 'USD', 'en')).toBe('$1.00 - $2.00');
    expect(formatMoneyRange(2, 2, 'JPY', 'en')).toBe('¥2');
    expect(formatMoneyRange(null, null)).toBe('--');
  });
});
