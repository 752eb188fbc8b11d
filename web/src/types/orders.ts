/** Orders, placements, payments and the wallet (docs/API.md, "Orders (issue 7)"). */
import type {
  Address,
  OrderLog,
  OrderPage as OrderPageGen,
  OrderPreview,
  OrderView,
  PlacementItem,
  PreviewSource,
  RefundInfo,
  SourceOrderView,
} from './api.gen';

// Generated from the API's OpenAPI document (scripts/gen-api-types).
export type { Address, OrderLog, OrderPreview, PlacementItem, PreviewSource };

export type OrderTab = 'placement' | 'payment' | 'shipment' | 'cancelled' | 'refund';

export const SHIPMENT_STATUSES = [
  'not_found',
  'info_received',
  'in_transit',
  'available_for_pickup',
  'out_for_delivery',
  'delivered',
  'expired',
  'delivery_failure',
  'exception',
] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

export type OrderStatus =
  'ready' | 'waiting_payment' | 'order_placed' | ShipmentStatus | 'cancelled_channel' | 'cancelled_source' | 'failed';
export type RefundStatus = 'pending' | 'accepted' | 'rejected' | 'completed';
export type SourceOrderStatus = 'placing' | 'waiting_payment' | 'paying' | 'order_placed' | 'failed' | 'cancelled';
export type PayMethod = 'wallet' | 'card';

export interface ShippingInfo {
  /** The supplier's option code (what save-shipping takes). */
  service_name: string;
  company?: string | null;
  amount: number | string;
  processing_time?: string | null;
  delivery_time?: string | null;
}

export interface LineItem {
  id: string;
  title: string;
  variant_title?: string | null;
  sku?: string | null;
  image?: string | null;
  quantity: number;
  price: number | string;
  source?: string | null;
  source_product_id?: string | null;
  sku_id?: string | null;
  cost?: number | string | null;
  shipping_fee?: number | string | null;
  shipping_info?: ShippingInfo | null;
  shipping_warehouse?: string | null;
  unmapped_product?: boolean;
  disabled?: boolean;
  need_change_supplier?: boolean;
  can_place?: boolean;
  source_order?: {
    id: string;
    source: string;
    order_no: string | null;
    status: SourceOrderStatus;
    /** Its parcel's status, once it has a parcel. */
    shipment_status?: string | null;
  } | null;
}

// The server sends the statuses below (text in the schema).
export type SourceOrder = Omit<SourceOrderView, 'status' | 'refund_info'> & {
  status: SourceOrderStatus;
  refund_info?: (Omit<RefundInfo, 'status'> & { status: RefundStatus }) | null;
};

// The server keeps address, line items and parcels as JSON (unknown in the schema), and the statuses as text.
export type Order = Omit<OrderView, 'address' | 'line_items' | 'shipments' | 'status' | 'refund_status' | 'source_orders'> & {
  address: Address;
  line_items: LineItem[];
  shipments?: OrderShipment[];
  status: OrderStatus;
  refund_status?: RefundStatus | null;
  source_orders: SourceOrder[];
};

/** A parcel as the order list and detail carry it. */
export interface OrderShipment {
  id: string | number;
  tracking_number: string;
  carrier?: string | null;
  status: ShipmentStatus;
  source_order_id?: string | number | null;
  last_event_at?: string | null;
  public_url?: string | null;
}

export type OrderDetail = Order & {
  logs: OrderLog[];
  /** The workspace's currency and the rates into it, as on the list. */
  display?: { currency: string; rates: Record<string, number> };
};

export type OrderPage = Omit<OrderPageGen, 'items'> & { items: Order[] };

/** Per tab and sub-status: the schema only says a map of maps of numbers. */
export type OrderCounts = {
  placement: { ready: number };
  payment: { all: number; waiting_payment: number; order_placed: number };
  shipment: { all: number } & Partial<Record<ShipmentStatus, number>>;
  cancelled: { channel: number; source: number };
  refund: { all: number; completed: number; pending: number; accepted: number; rejected: number };
};

/** One order's outcome in an action's answer: cancel items carry `error`, placements `message`. */
export interface ActionResult {
  id: string | number;
  status: string;
  error?: string | null;
  message?: string | null;
}

export interface OrderColumn {
  key: string;
  visible: boolean;
}
