/** Persistent session storage (spec section 4: persistent storage outside embedded mode). */
export const STORAGE_KEYS = {
  token: 'dropline.token',
  shopId: 'dropline.shop_id',
  workplaceId: 'dropline.workplace_id',
  reconnect: 'dropline.reconnect',
  language: 'dropline.language',
  firstVisitDone: 'dropline.first_time_in_app',
} as const;

type Key = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

function store(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

export function readItem(key: Key | string): string | null {
  return store()?.getItem(key) ?? null;
}

export function writeItem(key: Key | string, value: string): void {
  store()?.setItem(key, value);
}

export function removeItem(key: Key | string): void {
  store()?.removeItem(key);
}

export const getToken = () => readItem(STORAGE_KEYS.token);
export const setToken = (token: string) => writeItem(STORAGE_KEYS.token, token);
export const getWorkplaceId = () => readItem(STORAGE_KEYS.workplaceId);
export const setWorkplaceId = (id: string) => writeItem(STORAGE_KEYS.workplaceId, id);
export const getShopId = () => readItem(STORAGE_KEYS.shopId);
export const clearShopId = () => removeItem(STORAGE_KEYS.shopId);

/** Sign-out (spec section 4): clears the token, the shop id, the workspace id and the reconnect flag. */
export function clearSession(): void {
  removeItem(STORAGE_KEYS.token);
  removeItem(STORAGE_KEYS.shopId);
  removeItem(STORAGE_KEYS.workplaceId);
  removeItem(STORAGE_KEYS.reconnect);
}
