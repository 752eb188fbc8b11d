/** Tracking calls (docs/API.md "Tracking (issue 8)") and their SWR hooks. */
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { api, quietFetcher } from '@/lib/api';
import { type OrderPage, SHIPMENT_STATUSES, type ShipmentStatus } from '@/types/orders';
import type { ImportReport, PublicTracking, Shipment, ShipmentLog, ShipmentPage, ShipmentPanel } from '@/types/tracking';

export const TRACKINGS_PATH = 'orders/v2/trackings';

export const quietFetch = quietFetcher;

/** Ids go back as the API sent them: numeric ids as numbers. */
export const apiId = (id: string | number): string | number => (typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id);

export interface ShipmentQuery {
  status?: ShipmentStatus | 'all';
  orderId?: string | number;
  page?: number;
  pageSize?: number;
}

export function trackingsKey(q: ShipmentQuery = {}): string {
  const p = new URLSearchParams();
  if (q.orderId !== undefined) p.set('order_id', String(q.orderId));
  if (q.status && q.status !== 'all') p.set('status', q.status);
  p.set('page', String(q.page ?? 1));
  p.set('page_size', String(q.pageSize ?? 20));
  return `${TRACKINGS_PATH}?${p.toString()}`;
}

export const panelKey = (orderId: string | number) => `orders/v5/panel/${encodeURIComponent(String(orderId))}`;
export const parcelKey = (orderId: string | number, id: string | number) =>
  `${panelKey(orderId)}/trackings/${encodeURIComponent(String(id))}`;
export const shipmentLogKey = (id: string | number) => `orders/v4/order_log/shipment/${encodeURIComponent(String(id))}`;
export const publicKey = (publicId: string) => `open-api/orders/tracking/${encodeURIComponent(publicId)}`;

export function useShipments(q: ShipmentQuery | null) {
  return useSWR<ShipmentPage>(q ? trackingsKey(q) : null, quietFetch, { revalidateOnMount: true, keepPreviousData: true });
}

export function usePanel(orderId: string | number | undefined) {
  return useSWR<ShipmentPanel>(orderId !== undefined ? panelKey(orderId) : null, quietFetch, { revalidateOnMount: true });
}

export function useParcel(orderId: string | number, id: string | number | null) {
  return useSWR<Shipment>(id !== null ? parcelKey(orderId, id) : null, quietFetch, { revalidateOnMount: true });
}

export function useShipmentLog(id: string | number | null) {
  return useSWR<{ items: ShipmentLog[] }>(id !== null ? shipmentLogKey(id) : null, quietFetch, { revalidateOnMount: true });
}

export function usePublicTracking(publicId: string | undefined) {
  return useSWR<PublicTracking>(publicId ? publicKey(publicId) : null, quietFetch, { revalidateOnMount: true });
}

/** Revalidates every order and tracking read (their keys all start with `orders/`). */
export function useRefreshTracking() {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate((key) => typeof key === 'string' && key.startsWith('orders/')), [mutate]);
}

type Progress = { progress_id: number | string };
export const trackNow = (shipmentIds?: (string | number)[]) =>
  api.post<Progress>(`${TRACKINGS_PATH}/track-now`, shipmentIds ? { shipment_ids: shipmentIds.map(apiId) } : {}, { silent: true });
export const syncStatus = (sourceOrders?: (string | number)[]) =>
  api.post<Progress>('orders/v5/sync-status', sourceOrders ? { source_orders: sourceOrders.map(apiId) } : {}, { silent: true });

/** Adds a tracking number by hand (the API answers 422 naming `tracking_number` when it is not one). */
export const addTracking = (orderId: string | number, trackingNumber: string, carrier?: string) =>
  api.put<Shipment>(
    `${TRACKINGS_PATH}/${encodeURIComponent(trackingNumber)}`,
    { order_id: apiId(orderId), ...(carrier ? { carrier } : {}) },
    { silent: true },
  );

/** The CSV import: never an error toast (spec section 8); the report names each bad row. */
export function importTrackings(file: File) {
  const form = new FormData();
  form.append('file', file);
  return api.post<ImportReport>(`${TRACKINGS_PATH}/import`, form, { silent: true });
}

/** Days back the "without tracking" list looks (the order list's default is the last 7). */
export const UNTRACKED_DAYS = 90;

/** Paid supplier orders still without a parcel: the payment tab's order_placed orders. */
export function untrackedKey(now = new Date()): string {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const from = new Date(now.getTime() - UNTRACKED_DAYS * 86_400_000);
  const q = new URLSearchParams({
    tab: 'payment',
    status: 'order_placed',
    from_date: day(from),
    to_date: day(now),
    page: '1',
    page_size: '100',
  });
  return `orders/v5/list?${q.toString()}`;
}

export function useUntrackedOrders() {
  return useSWR<OrderPage>(untrackedKey(), quietFetch, { revalidateOnMount: true });
}

export const PARCEL_COUNTS_KEY = 'orders/v2/trackings#counts';

/** Parcels per status: each status's list total (nine small reads). */
async function fetchCounts(): Promise<Record<ShipmentStatus, number>> {
  const totals = await Promise.all(
    SHIPMENT_STATUSES.map((status) => quietFetch<ShipmentPage>(trackingsKey({ status, pageSize: 1 })).then((p) => p.total)),
  );
  return Object.fromEntries(SHIPMENT_STATUSES.map((s, i) => [s, totals[i]])) as Record<ShipmentStatus, number>;
}

export function useParcelCounts() {
  return useSWR<Record<ShipmentStatus, number>>(PARCEL_COUNTS_KEY, fetchCounts, { revalidateOnMount: true });
}
