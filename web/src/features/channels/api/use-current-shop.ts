import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { clearShopId, getShopId, setShopId, subscribeShopId } from '@/lib/storage';
import type { Store } from '@/types/api';
import { resolveCurrentShop, sortStores } from '../lib/current-shop';
import { useStores } from './stores';

/** The stored shop id, re-read whenever it changes (selection, sign-out, CURRENT_SHOP_ID_INVALID). */
export function useStoredShopId(): string | null {
  return useSyncExternalStore(subscribeShopId, getShopId, () => null);
}

/**
 * The workplace's current shop (spec section 4) and a way to choose another. The choice is
 * stored, so that a workplace switch (which clears it) selects that workplace's shop without a
 * reload.
 */
export function useCurrentShop(enabled = true, embeddedDomain?: string | null) {
  const { data, isLoading, error } = useStores(enabled);
  const storedId = useStoredShopId();
  const stores = useMemo(() => sortStores(data?.stores ?? []), [data]);
  const current: Store | undefined = data ? resolveCurrentShop(stores, storedId, embeddedDomain) : undefined;

  useEffect(() => {
    if (!data) return;
    if (current && current.id !== storedId) setShopId(current.id);
    else if (!current && storedId) clearShopId();
  }, [data, current, storedId]);

  const select = useCallback(
    (id: string) => {
      if (stores.some((s) => s.id === id)) setShopId(id);
    },
    [stores],
  );

  return { stores, current, select, isLoading, error };
}
