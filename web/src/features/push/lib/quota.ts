/**
 * The LISTING_PRODUCTS quota check of a push (spec section 5): products × selected channels
 * must not exceed limit minus usage; in the product center only channels a product is not at
 * yet count. A product over 100 variants counts ceil(variants / 100) units (the store platforms
 * take at most 100 variants per product), with a warning.
 */
import { isUnlimited } from '@/lib/format';
import type { DestinationKey, PushProduct, PushWarning } from '@/types/push';

export const VARIANT_LIMIT = 100;

export interface ListingQuota {
  limit: number;
  usage: number;
}

/** Units one product counts for: 1 up to 100 variants, then one per started hundred. */
export function productUnits(variantCount: number): number {
  const n = Number.isFinite(variantCount) ? Math.max(0, Math.floor(variantCount)) : 0;
  return Math.max(1, Math.ceil(n / VARIANT_LIMIT));
}

/**
 * The selected destinations a product is not at yet (all of them for a new push). A product is
 * at a destination once pushed there successfully; a failed or running push counts again, as
 * the API counts it.
 */
export function newDestinations(product: Pick<PushProduct, 'pushed'>, selected: readonly DestinationKey[]): DestinationKey[] {
  const at = product.pushed ?? {};
  return selected.filter((key) => at[key] !== 'success');
}

/** Units a push needs: for each product, its units times the destinations that count. */
export function requiredUnits(
  products: readonly Pick<PushProduct, 'variant_count' | 'pushed'>[],
  selected: readonly DestinationKey[],
): number {
  return products.reduce((sum, p) => sum + productUnits(p.variant_count) * newDestinations(p, selected).length, 0);
}

/** Products over the variant limit, as the push answer's warnings name them ({hash}). */
export function variantWarnings(products: readonly Pick<PushProduct, 'id' | 'variant_count'>[]): PushWarning[] {
  return products
    .filter((p) => p.variant_count > VARIANT_LIMIT)
    .map((p) => ({ hash: p.id, variants: p.variant_count, units: productUnits(p.variant_count) }));
}

export interface QuotaCheck {
  unlimited: boolean;
  /** Units left this cycle (Infinity when unlimited). */
  remaining: number;
  required: number;
  /** The push would pass the limit. */
  over: boolean;
}

/**
 * Whether `required` units fit. No quota (the plan lacks the feature) holds nothing; -1 and -2
 * are unlimited; a push that needs nothing never passes the limit.
 */
export function checkQuota(quota: ListingQuota | null, required: number): QuotaCheck {
  if (quota && isUnlimited(quota.limit)) return { unlimited: true, remaining: Number.POSITIVE_INFINITY, required, over: false };
  const remaining = quota ? Math.max(0, quota.limit - quota.usage) : 0;
  return { unlimited: false, remaining, required, over: required > 0 && required > remaining };
}

/** The quota of LISTING_PRODUCTS in a plan's features; null when the plan lacks it. */
export function listingQuota(features: Record<string, { limit: number; usage: number }> | undefined): ListingQuota | null {
  const f = features?.LISTING_PRODUCTS;
  return f ? { limit: f.limit, usage: f.usage } : null;
}
