/**
 * CURRENT_SHOP_ID_INVALID (801, spec section 8, non-embedded): clear the stored shop id and,
 * after 1 s, go to the general settings unless already there.
 */
export const GENERAL_SETTINGS_PATH = '/app/setting/account';

export interface InvalidShopDeps {
  clearShopId: () => void;
  schedule: (fn: () => void, ms: number) => void;
  currentPath: () => string;
  go: (path: string) => void;
  delayMs: number;
  isEmbedded?: boolean;
}

/** True on the general settings (any page under /app/setting). */
export function isSettingsPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  return path === '/app/setting' || path.startsWith('/app/setting/');
}

/** The handler the API client runs on 801; several 801s in a row schedule one redirect. */
export function createInvalidShopHandler(deps: InvalidShopDeps): () => void {
  let scheduled = false;
  return () => {
    if (deps.isEmbedded) return;
    deps.clearShopId();
    if (scheduled) return;
    scheduled = true;
    deps.schedule(() => {
      scheduled = false;
      if (!isSettingsPath(deps.currentPath())) deps.go(GENERAL_SETTINGS_PATH);
    }, deps.delayMs);
  };
}
