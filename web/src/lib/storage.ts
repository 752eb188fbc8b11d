/**
 * Session storage of the dashboard (spec section 4): persistent (localStorage) outside embedded
 * mode, per browser tab (sessionStorage) when embedded in a store admin.
 */
import { env } from './env';

export const STORAGE_KEYS = {
  token: 'dropline.token',
  shopId: 'dropline.shop_id',
  workplaceId: 'dropline.workplace_id',
  reconnect: 'dropline.reconnect',
  language: 'dropline.language',
  firstVisitDone: 'dropline.first_time_in_app',
  feedbackOpened: 'dropline.feedback_opened',
} as const;

type Key = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** The storage of the mode: per tab when embedded, persistent otherwise. */
export function pickStorage(embedded: boolean, win: Pick<Window, 'localStorage' | 'sessionStorage'> | undefined): Storage | null {
  try {
    if (!win) return null;
    return embedded ? win.sessionStorage : win.localStorage;
  } catch {
    return null;
  }
}

function store(): Storage | null {
  return pickStorage(env.isEmbedded, typeof window !== 'undefined' ? window : undefined);
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

/** Listeners of the stored shop id (the current shop follows it without a reload). */
const shopListeners = new Set<() => void>();

export function subscribeShopId(listener: () => void): () => void {
  shopListeners.add(listener);
  return () => {
    shopListeners.delete(listener);
  };
}

function shopChanged(): void {
  for (const listener of [...shopListeners]) listener();
}

/**
 * Sessions, counted: each sign-in starts a new one, and the data cache is keyed by it, so nothing a
 * previous session fetched (or was still fetching) can answer for the next one.
 */
let session = 0;
const sessionListeners = new Set<() => void>();

export function subscribeSession(listener: () => void): () => void {
  sessionListeners.add(listener);
  return () => {
    sessionListeners.delete(listener);
  };
}

export const getSession = () => session;

export const getToken = () => readItem(STORAGE_KEYS.token);
export function setToken(token: string): void {
  writeItem(STORAGE_KEYS.token, token);
  session += 1;
  for (const listener of [...sessionListeners]) listener();
}
export const getWorkplaceId = () => readItem(STORAGE_KEYS.workplaceId);
export const setWorkplaceId = (id: string) => writeItem(STORAGE_KEYS.workplaceId, id);
export const getShopId = () => readItem(STORAGE_KEYS.shopId);

export function setShopId(id: string): void {
  if (getShopId() === id) return;
  writeItem(STORAGE_KEYS.shopId, id);
  shopChanged();
}

export function clearShopId(): void {
  if (getShopId() === null) return;
  removeItem(STORAGE_KEYS.shopId);
  shopChanged();
}

/** Sign-out (spec section 4): clears the token, the shop id, the workspace id and the reconnect flag. */
export function clearSession(): void {
  removeItem(STORAGE_KEYS.token);
  clearShopId();
  removeItem(STORAGE_KEYS.workplaceId);
  removeItem(STORAGE_KEYS.reconnect);
}
