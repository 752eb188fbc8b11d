import { describe, expect, it } from 'vitest';
import { orderFixture, sourceOrderFixture } from '../test-fixtures';
import { productCost, rowActions, shippingCost, shippingTimes } from './order-math';

describe('order math', () => {
  it('adds the lines cost × quantity and the shipping options before any source order', () => {
    const order = orderFixture();
    expect(productCost(order)).toBe(17);
    expect(shippingCost(order)).toBe(4.5);
    expect(shippingTimes(order)).toEqual(['3-5d']);
  });

  it('uses what the source orders charged once there are some', () => {
    const order = orderFixture({ status: 'waiting_payment', source_orders: [sourceOrderFixture({ product_cost: 20, shipping_cost: 3 })] });
    expect(productCost(order)).toBe(20);
    expect(shippingCost(order)).toBe(3);
  });

  it('offers place for ready orders, pay for waiting ones, revert for failed ones', () => {
    expect(rowActions(orderFixture())).toEqual(['place', 'mark', 'archive', 'cancel', 'fail']);
    expect(rowActions(orderFixture({ status: 'waiting_payment', marked: true, source_orders: [sourceOrderFixture()] }))[0]).toBe('pay');
    expect(rowActions(orderFixture({ status: 'failed' }))).toEqual(['revert', 'mark', 'archive']);
    expect(rowActions(orderFixture({ status: 'order_placed', source_orders: [sourceOrderFixture({ status: 'order_placed' })] }))).toContain(
      'refund',
    );
  });
});
