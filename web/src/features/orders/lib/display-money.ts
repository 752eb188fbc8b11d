/**
 * The order list's money in one currency, the workspace's: selling prices arrive in each
 * store's currency and supplier costs in USD, so both are converted with the page's USD rates
 * (keyed "USD" + code, spec section 3) before the profit is taken. Without a rate an amount
 * stays in its own currency and no profit is shown, rather than subtracting dollars from euros.
 */
import { type DisplayRates, convert } from '@/lib/display-money';
import { round2, toAmount } from '@/lib/money';
import type { Order } from '@/types/orders';
import { productCost, shippingCost } from './order-math';

export interface Shown {
  value: number | null;
  currency: string;
}

export interface OrderMoney {
  price: Shown;
  productCost: Shown;
  shippingCost: Shown;
  /** In the display currency; null when a rate or a cost is missing. */
  profit: Shown | null;
}

function shown(amount: number | null, from: string, display: DisplayRates | undefined): Shown {
  const target = display?.currency ?? 'USD';
  const value = convert(amount, from, display);
  return value === null && amount !== null ? { value: amount, currency: from } : { value, currency: target };
}

export function orderMoney(order: Order, display: DisplayRates | undefined): OrderMoney {
  const target = display?.currency ?? 'USD';
  const price = shown(toAmount(order.total), order.currency || 'USD', display);
  const cost = shown(productCost(order), 'USD', display);
  const shipping = shown(shippingCost(order), 'USD', display);
  const inTarget =
    [price, cost].every((s) => s.value !== null && s.currency === target) && (shipping.value === null || shipping.currency === target);
  const profit = inTarget ? { value: round2(price.value! - cost.value! - (shipping.value ?? 0)), currency: target } : null;
  return { price, productCost: cost, shippingCost: shipping, profit };
}
