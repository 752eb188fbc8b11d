/** Shipment statuses and their styles (spec 001, section 4), events and the public link. */
import { SHIPMENT_STATUSES, type ShipmentStatus } from '@/types/orders';

export { SHIPMENT_STATUSES };

export const isShipmentStatus = (value: unknown): value is ShipmentStatus =>
  typeof value === 'string' && (SHIPMENT_STATUSES as readonly string[]).includes(value);

export type Tone = 'critical' | 'warning' | 'success' | 'info' | 'neutral';

/** Failed and cancelled (delivery_failure, exception) are critical; expired is a warning. */
export function shipmentTone(status: string | null | undefined): Tone {
  switch (status) {
    case 'delivery_failure':
    case 'exception':
    case 'failed':
    case 'cancelled':
    case 'canceled':
      return 'critical';
    case 'expired':
      return 'warning';
    case 'delivered':
      return 'success';
    case 'not_found':
    case null:
    case undefined:
      return 'neutral';
    default:
      return 'info';
  }
}

const PALETTE: Record<Tone, string> = { critical: 'red', warning: 'orange', success: 'green', info: 'blue', neutral: 'gray' };
export const tonePalette = (tone: Tone) => PALETTE[tone];

/** Events newest first, whatever order they came in. */
export function newestFirst<T extends { time?: string | null }>(events: readonly T[] | null | undefined): T[] {
  return [...(events ?? [])].sort((a, b) => Date.parse(b.time ?? '') - Date.parse(a.time ?? ''));
}

/** The public page's full address: `public_url` is a path (`/tracking/{public id}`). */
export function publicTrackingUrl(
  publicUrl: string | null | undefined,
  origin = typeof window !== 'undefined' ? window.location.origin : '',
): string | null {
  if (!publicUrl) return null;
  return /^https?:\/\//.test(publicUrl) ? publicUrl : `${origin}${publicUrl.startsWith('/') ? '' : '/'}${publicUrl}`;
}

/** `/tracking/{public_id}` from an order's public id. */
export const publicPath = (publicId: string) => `/tracking/${encodeURIComponent(publicId)}`;

/** "origin supplier": parcels whose number came from a supplier that reports tracking. */
export const fromSupplier = (origin: string | null | undefined) => origin === 'supplier';
