import { describe, expect, it } from 'vitest';
import { orderFixture } from '../test-fixtures';
import { convert } from '@/lib/display-money';
import { orderMoney } from './display-money';

const EUR = { currency: 'EUR', rates: { USDUSD: 1, USDAUD: 1.5, USDEUR: 0.9 } };

describe('order money in the workspace currency', () => {
  it('converts through USD with rates keyed USD + code', () => {
    expect(convert(82.99, 'AUD', EUR)).toBe(49.79);
    expect(convert(17, 'USD', EUR)).toBe(15.3);
    expect(convert(10, 'EUR', EUR)).toBe(10);
    expect(convert(10, 'GBP', EUR)).toBeNull();
  });

  it('shows an AUD sale and USD costs in EUR with the profit', () => {
    // Lines: 2 × $8.50 cost, $4.50 shipping.
    const m = orderMoney(orderFixture({ currency: 'AUD', total: 82.99 }), EUR);
    expect(m.price).toEqual({ value: 49.79, currency: 'EUR' });
    expect(m.productCost).toEqual({ value: 15.3, currency: 'EUR' });
    expect(m.shippingCost).toEqual({ value: 4.05, currency: 'EUR' });
    expect(m.profit).toEqual({ value: 30.44, currency: 'EUR' });
  });

  it('keeps an amount in its own currency and shows no profit when a rate is missing', () => {
    const m = orderMoney(orderFixture({ currency: 'AUD', total: 82.99 }), { currency: 'EUR', rates: { USDEUR: 0.9 } });
    expect(m.price).toEqual({ value: 82.99, currency: 'AUD' });
    expect(m.productCost).toEqual({ value: 15.3, currency: 'EUR' });
    expect(m.profit).toBeNull();
  });

  it('needs no rate when everything is in USD', () => {
    expect(orderMoney(orderFixture(), undefined).profit).toEqual({ value: 17.5, currency: 'USD' });
  });
});
