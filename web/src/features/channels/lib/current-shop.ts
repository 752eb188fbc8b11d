/**
 * Current shop (spec section 4): the stored id, else the default shop, else the first shop of the
 * workplace; embedded shopify matches on the store domain. Shops are sorted with the default first.
 */
import type { Store } from '@/types/api';

/** Default first, then the order the API gave (stable). */
export function sortStores(stores: readonly Store[]): Store[] {
  return stores
    .map((store, index) => ({ store, index }))
    .sort((a, b) => Number(b.store.is_default) - Number(a.store.is_default) || a.index - b.index)
    .map((x) => x.store);
}

export function resolveCurrentShop(stores: readonly Store[], storedId: string | null, embeddedDomain?: string | null): Store | undefined {
  if (stores.length === 0) return undefined;
  if (embeddedDomain) {
    const domain = embeddedDomain.toLowerCase();
    const match = stores.find((s) => s.platform_domain.toLowerCase() === domain || s.domain.toLowerCase() === domain);
    if (match) return match;
  }
  return stores.find((s) => s.id === storedId) ?? stores.find((s) => s.is_default) ?? sortStores(stores)[0];
}
