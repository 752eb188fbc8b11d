import { describe, expect, it } from 'vitest';
import { defaultRange, listQuery, parseOrderIds, readFilters, writeFilters } from './filters';
import { shippingDays, placementErrorKey, placementWarningKey } from './format';

const NOW = new Date(2026, 10, 22, 12);

describe('order filters', () => {
  it('defaults to the placement tab, the last 7 days and every channel, source and mark', () => {
    const f = readFilters(new URLSearchParams(), NOW);
    expect(f).toMatchObject({
      tab: 'placement',
      status: 'ready',
      from: '2026-11-16',
      to: '2026-11-22',
      channel: 'all',
      source: 'all',
      mark: 'all',
      page: 1,
      orders: [],
    });
    expect(defaultRange(NOW)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(writeFilters(f, NOW).toString()).toBe('');
  });

  it('reads a tab, its sub-status and the orders JSON array, and round-trips them', () => {
    const params = new URLSearchParams({ tab: 'payment', status: 'waiting_payment', mark_order: '1', orders: '["o1","o2"]' });
    const f = readFilters(params, NOW);
    expect(f).toMatchObject({ tab: 'payment', status: 'waiting_payment', mark: '1', orders: ['o1', 'o2'] });
    expect(Object.fromEntries(writeFilters(f, NOW))).toEqual(Object.fromEntries(params));
    expect(readFilters(new URLSearchParams({ tab: 'payment', status: 'delivered' }), NOW).status).toBe('all');
  });

  it('asks the list for one page, newest first', () => {
    const q = listQuery(readFilters(new URLSearchParams({ tab: 'refund', page: '3' }), NOW));
    expect(Object.fromEntries(q)).toMatchObject({
      tab: 'refund',
      status: 'all',
      page: '3',
      page_size: '20',
      from_date: '2026-11-16',
      to_date: '2026-11-22',
      mark_order: 'all',
    });
  });

  it('ignores an unreadable orders parameter', () => {
    expect(parseOrderIds('not json')).toEqual([]);
    expect(parseOrderIds('{"a":1}')).toEqual([]);
    expect(parseOrderIds('[1,"b"]')).toEqual(['1', 'b']);
  });
});

describe('order texts', () => {
  it('shows "3-5d" as a range of days', () => {
    expect(shippingDays('3-5d')).toEqual({ range: '3-5' });
    expect(shippingDays('7d')).toEqual({ range: '7' });
    expect(shippingDays('2 weeks')).toEqual({ text: '2 weeks' });
    expect(shippingDays('')).toBeNull();
  });

  it('maps the placement error and warning keys to their messages', () => {
    expect(placementErrorKey('error_save_all_address')).toBe('orders.placementErrors.CustomerInformationIsNotValid');
    expect(placementErrorKey('shipped_country_notfound')).toBe('orders.placementErrors.TheProductCannotBeShippedToCountry');
    expect(placementErrorKey('something_else')).toBeNull();
    expect(placementWarningKey('different_region')).toBe(
      'orders.placementWarnings.CountryOnYourSourceAccountDoesNotMatchTheShippingAddress',
    );
  });
});
