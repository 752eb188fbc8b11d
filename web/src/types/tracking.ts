/** Parcels, their events, the CSV import and the public page (docs/API.md, "Tracking (issue 8)"). */
import type { OrderDetail, ShipmentStatus } from './orders';

export interface TrackingEvent {
  time: string;
  stage?: string | null;
  description?: string | null;
  location?: string | null;
}

export interface ShipmentStore {
  fulfillment_id?: string | null;
  written_status?: string | null;
  pending?: boolean;
  error?: string | null;
}

export type ShipmentOrigin = 'supplier' | 'csv' | 'manual';

export interface Shipment {
  id: string | number;
  order_id: string | number;
  order_name: string;
  source_order_id?: string | number | null;
  source?: string | null;
  tracking_number: string;
  carrier?: string | null;
  origin: ShipmentOrigin;
  status: ShipmentStatus;
  sub_status?: string | null;
  last_event?: TrackingEvent | null;
  /** Only in the panel call, newest first. */
  events?: TrackingEvent[] | null;
  last_event_at?: string | null;
  checked_at?: string | null;
  delivered_at?: string | null;
  store?: ShipmentStore | null;
  public_url?: string | null;
}

export interface ShipmentPage {
  total: number;
  page: number;
  page_size: number;
  items: Shipment[];
}

export interface ShipmentPanel {
  order: OrderDetail;
  shipments: Shipment[];
}

export interface ShipmentLog {
  id: string | number;
  event: string;
  detail?: unknown;
  created_at: string;
}

export type ImportRowStatus = 'imported' | 'duplicate' | 'error';

export interface ImportRow {
  row: number;
  order?: string | null;
  tracking_number?: string | null;
  status: ImportRowStatus;
  error?: string | null;
}

export interface ImportReport {
  imported: number;
  rows: ImportRow[];
}

export interface PublicEvent {
  time: string;
  stage?: string | null;
  description?: string | null;
  country?: string | null;
}

export interface PublicParcel {
  tracking_number: string;
  carrier?: string | null;
  status: ShipmentStatus;
  events: PublicEvent[];
}

export interface PublicTracking {
  order_name: string;
  store_name?: string | null;
  status: string;
  parcels: PublicParcel[];
}
