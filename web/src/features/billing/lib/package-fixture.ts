import type { Package } from '../types';

/** A price-list package for the billing tests: free when its price is 0. */
export const makePackage = (key: string, name: string, price: number, cycle: number, features: Package['features'] = {}): Package => ({
  key,
  name,
  price,
  cycle,
  is_free: price === 0,
  type: price === 0 ? 'free' : 'paid',
  module_type: 'ORDER_FULFILLMENT',
  modules: [],
  features,
});
