import useSWR from 'swr';
import { api } from '@/lib/api';
import type { PricingRule } from '@/types/products';

/** The product settings call (it also holds the channel settings). */
export const PRODUCT_SETTINGS_KEY = 'center/products/setting/get';

export type PricingScope = 'default' | 'workplace' | 'store';

export interface ProductSettings {
  pricing_rule?: PricingRule;
  pricing_rule_scope?: PricingScope;
}

/** The workplace's pricing rule (else the default), read again whenever the page opens. */
export function useProductSettings() {
  return useSWR<ProductSettings>(PRODUCT_SETTINGS_KEY, { revalidateOnMount: true });
}

export const savePricingRule = (rule: PricingRule) =>
  api.put<{ pricing_rule: PricingRule; pricing_rule_scope?: PricingScope }>(
    'center/products/setting/update',
    { pricing_rule: rule },
    { silent: true },
  );
