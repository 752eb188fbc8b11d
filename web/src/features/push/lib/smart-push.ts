/**
 * Smart push (spec sections 3 and 4): the automation settings push new products by
 * themselves. A push uses them only when they are enabled, the store list is not empty, and the
 * schedule is all day or the current time (hour:minute) lies in the window, at or after its
 * start and at or before its end.
 */
import type { AutomationSettings, DestinationSettings, PublishStatus } from '@/types/push';

/** The spec's defaults, for a workplace that never saved settings. */
export const DEFAULT_AUTOMATION: AutomationSettings = {
  is_enable: true,
  time_schedule: 'all_day',
  when: { from: '00:00', to: '23:59' },
  condition: { apply_all_products: true },
  actions: {},
};

/** Minutes since midnight of "HH:MM", or null when it is not a time of day. */
export function minutesOf(hhmm: string | null | undefined): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec((hhmm ?? '').trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h < 24 && min < 60 ? h * 60 + min : null;
}

/** "HH:MM" of a number of minutes, wrapped into one day. */
export function formatMinutes(total: number): string {
  const day = 24 * 60;
  const m = ((Math.round(total) % day) + day) % day;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** The wall-clock minutes of `now` in `timeZone` (the browser's zone when absent or unknown). */
export function clockMinutes(now: Date, timeZone?: string | null): number {
  try {
    const parts = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: timeZone || undefined,
    }).formatToParts(now);
    const h = Number(parts.find((p) => p.type === 'hour')?.value);
    const m = Number(parts.find((p) => p.type === 'minute')?.value);
    if (Number.isFinite(h) && Number.isFinite(m)) return h * 60 + m;
  } catch {
    // An unknown zone: fall through to the browser's clock.
  }
  return now.getHours() * 60 + now.getMinutes();
}

/**
 * Whether `minutes` lies in [from, to]. A window that ends before it starts (22:00 to 06:00)
 * runs over midnight.
 */
export function inWindow(from: string, to: string, minutes: number): boolean {
  const start = minutesOf(from);
  const end = minutesOf(to);
  if (start === null || end === null) return false;
  return start <= end ? minutes >= start && minutes <= end : minutes >= start || minutes <= end;
}

/** Converts a local "HH:MM" to UTC given the zone's offset from UTC in minutes (UTC+2 → 120). */
export function localToUtc(hhmm: string, offsetMinutes: number): string | null {
  const m = minutesOf(hhmm);
  return m === null ? null : formatMinutes(m - offsetMinutes);
}

export function utcToLocal(hhmm: string, offsetMinutes: number): string | null {
  const m = minutesOf(hhmm);
  return m === null ? null : formatMinutes(m + offsetMinutes);
}

/** Whether a push now goes by the smart push settings. */
export function isSmartPushActive(settings: AutomationSettings | null | undefined, storeCount: number, now: Date): boolean {
  if (!settings?.is_enable || storeCount <= 0) return false;
  if (settings.time_schedule !== 'time_frame') return true;
  return inWindow(settings.when?.from ?? '', settings.when?.to ?? '', clockMinutes(now, settings.time_zone));
}

/** The destinations smart push sends to (keys the workplace still has), as a push's channels. */
export function smartPushChannels(
  settings: AutomationSettings | null | undefined,
  available: readonly { key: string; platform: string }[],
): Record<string, DestinationSettings> {
  const action = settings?.actions?.pushed_connected_channels;
  if (!action) return {};
  const publish = action.publish_status !== 'unpublish';
  const out: Record<string, DestinationSettings> = {};
  for (const key of action.store_ids ?? []) {
    const dest = available.find((d) => d.key === key);
    if (!dest) continue;
    out[key] = { is_publish: publish || dest.platform === 'facebook' };
    if (dest.platform === 'shopify' && (action.publication_ids ?? []).length > 0)
      out[key].publications = [...(action.publication_ids ?? [])];
  }
  return out;
}

/** The settings the auto-push checkbox saves: smart push on, with the modal's destinations. */
export function withAutoPush(
  base: AutomationSettings | null | undefined,
  channels: Record<string, DestinationSettings>,
  enable: boolean,
): AutomationSettings {
  const current = base ?? DEFAULT_AUTOMATION;
  if (!enable) return { ...current, is_enable: false };
  const keys = Object.keys(channels);
  const publications = [...new Set(keys.flatMap((k) => channels[k].publications ?? []))];
  const publishStatus: PublishStatus = keys.length > 0 && keys.every((k) => !channels[k].is_publish) ? 'unpublish' : 'publish';
  return {
    ...current,
    is_enable: true,
    actions: {
      ...current.actions,
      pushed_connected_channels: { store_ids: keys, publication_ids: publications, publish_status: publishStatus },
    },
  };
}

/** Whether saved smart push settings name any destination to push to. */
export function hasSmartPushTargets(settings: AutomationSettings | null | undefined): boolean {
  return Boolean(settings?.is_enable && (settings.actions?.pushed_connected_channels?.store_ids ?? []).length > 0);
}
