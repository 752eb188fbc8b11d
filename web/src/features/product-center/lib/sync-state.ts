/**
 * What the product center shows of a destination: the push state and the supplier sync state
 * (last synced, what changed, the sync error), and relative times (spec section 5).
 */
import type { AutoUpdateSettings, PushTarget, PushedProduct } from '@/types/push';

export type SyncState = 'never' | 'synced' | 'changed' | 'error';

export function syncState(target: Pick<PushTarget, 'synced_at' | 'sync_change' | 'sync_error'>): SyncState {
  if (target.sync_error) return 'error';
  if (!target.synced_at) return 'never';
  return target.sync_change ? 'changed' : 'synced';
}

export function hasProcessing(items: readonly Pick<PushedProduct, 'targets'>[] | undefined): boolean {
  return (items ?? []).some((p) => (p.targets ?? []).some((t) => t.status === 'processing'));
}

/** The targets of a product, with a destination of the `pushed` map that has no target row. */
export function targetsOf(product: Pick<PushedProduct, 'pushed' | 'targets'>): PushTarget[] {
  const targets = [...(product.targets ?? [])];
  for (const [destination, status] of Object.entries(product.pushed ?? {})) {
    if (targets.some((t) => t.destination === destination)) continue;
    targets.push({
      destination,
      channel_label: destination,
      status: status === 'success' || status === 'error' ? status : 'processing',
      error: null,
      remote_ids: [],
      pushed_at: null,
      synced_at: null,
      sync_change: null,
      sync_error: null,
    });
  }
  return targets;
}

/** Hours between automatic supplier syncs offered on the settings page. */
export const INTERVAL_CHOICES = [6, 12, 24, 48, 168] as const;

/** The API's defaults (a workplace that never saved settings). */
export const DEFAULT_AUTO_UPDATE: AutoUpdateSettings = {
  is_enable: true,
  update_price: true,
  price_rule: 'pricing_rule',
  out_of_stock: 'set_zero',
  notify_sku_removed: true,
  switch_supplier: true,
  interval_hours: 24,
};

/** Saved settings with the defaults filled in. */
export function completeAutoUpdate(s: Partial<AutoUpdateSettings> | undefined): AutoUpdateSettings {
  const merged = { ...DEFAULT_AUTO_UPDATE, ...(s ?? {}) };
  const hours = Number(merged.interval_hours);
  return { ...merged, interval_hours: Number.isFinite(hours) && hours > 0 ? hours : DEFAULT_AUTO_UPDATE.interval_hours };
}
