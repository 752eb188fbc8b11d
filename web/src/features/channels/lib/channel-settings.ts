/** Channel settings with the spec's defaults (section 9) filled in. */
import type { ChannelSettings, Warehouse } from '@/types/api';

export const DEFAULT_WEIGHT = { value: 1, unit: 'kilogram' } as const;
export const DEFAULT_DIMENSION = { height: 1, width: 1, length: 1, unit: 'centimeter' } as const;

export function withDefaults(settings: Partial<ChannelSettings> | undefined, opts: { tiktok?: boolean } = {}): ChannelSettings {
  const s = settings ?? {};
  const base: ChannelSettings = {
    is_publish: s.is_publish ?? true,
    allow_sell_out_of_stock: s.allow_sell_out_of_stock ?? true,
    sync_order: s.sync_order ?? true,
    publications: s.publications ?? [],
  };
  if (!opts.tiktok) return base;
  return {
    ...base,
    warehouse_id: s.warehouse_id ?? null,
    weight: { ...DEFAULT_WEIGHT, ...(s.weight ?? {}) },
    dimension: { ...DEFAULT_DIMENSION, ...(s.dimension ?? {}) },
  };
}

/** The warehouse to preselect: the saved one, else the default, else the first. */
export function pickWarehouse(warehouses: readonly Warehouse[], saved: string | null | undefined): string | null {
  if (saved && warehouses.some((w) => w.id === saved)) return saved;
  return (warehouses.find((w) => w.is_default) ?? warehouses[0])?.id ?? null;
}

/** A positive number typed in a measure field, else the fallback. */
export function positive(value: string, fallback: number): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/** Toggles a publication in the ticked list. */
export function togglePublication(list: readonly { id: string; handle: string }[], pub: { id: string; handle: string }, on: boolean) {
  const rest = list.filter((p) => p.id !== pub.id);
  return on ? [...rest, { id: pub.id, handle: pub.handle }] : rest;
}
