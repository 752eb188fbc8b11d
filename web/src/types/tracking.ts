/** Parcels, their events, the CSV import and the public page (docs/API.md, "Tracking (issue 8)"). */
import type {
  OrderPanel,
  PublicParcel as PublicParcelGen,
  PublicTracking as PublicTrackingGen,
  RowResult,
  Shipment as ShipmentGen,
  ShipmentLog,
  ShipmentPage as ShipmentPageGen,
  TrackingImport,
} from './api.gen';
import type { Order, ShipmentStatus } from './orders';

// Generated from the API's OpenAPI document (scripts/gen-api-types).
export type { ShipmentLog };

/** A carrier event as the server keeps it (free JSON in the schema). */
export interface TrackingEvent {
  time: string;
  stage?: string | null;
  description?: string | null;
  location?: string | null;
}

export type ShipmentOrigin = 'supplier' | 'csv' | 'manual';

// The server keeps the events as free JSON and sends the origin and status as text.
export type Shipment = Omit<ShipmentGen, 'origin' | 'status' | 'last_event' | 'events'> & {
  origin: ShipmentOrigin;
  status: ShipmentStatus;
  last_event?: TrackingEvent | null;
  /** Only in the panel call, newest first. */
  events?: TrackingEvent[] | null;
};

export type ShipmentPage = Omit<ShipmentPageGen, 'items'> & { items: Shipment[] };

export type ShipmentPanel = Omit<OrderPanel, 'order' | 'shipments'> & { order: Order; shipments: Shipment[] };

export type ImportRowStatus = 'imported' | 'duplicate' | 'error';

// The server sends one of ImportRowStatus (text in the schema).
export type ImportRow = Omit<RowResult, 'status'> & { status: ImportRowStatus };

export type ImportReport = Omit<TrackingImport, 'rows'> & { rows: ImportRow[] };

// The server sends a shipment status (text in the schema).
export type PublicParcel = Omit<PublicParcelGen, 'status'> & { status: ShipmentStatus };

export type PublicTracking = Omit<PublicTrackingGen, 'parcels'> & { parcels: PublicParcel[] };
