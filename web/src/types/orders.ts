/** Orders, placements, payments and the wallet (docs/API.md, "Orders (issue 7)"). */
import type { Address } from './api.gen';

// Generated from the API's OpenAPI document (scripts/gen-api-types).
export type { Address };

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
  source_order?: { id: string; source: string; order_no: string | null; status: SourceOrderStatus } | null;
}

export interface SourceOrder {
  id: string;
  source: string;
  order_no: string | null;
  status: SourceOrderStatus;
  product_cost: number | string;
  shipping_cost: number | string;
  total: number | string;
  error_key?: string | null;
  error?: string | null;
  warning?: string | null;
  paid_at?: string | null;
  cancel_reason?: string | null;
  refund_info?: { status: RefundStatus; amount: number | string } | null;
  tracking_code?: string | null;
}

export interface Order {
  id: string;
  platform: string;
  platform_order_id: string;
  name: string;
  store_id: string;
  store_name?: string | null;
  email?: string | null;
  country_code: string;
  address: Address;
  currency: string;
  total: number | string;
  shipping: number | string;
  ordered_at: string;
  status: OrderStatus;
  refund_status?: RefundStatus | null;
  marked: boolean;
  archived: boolean;
  cancel_reason?: string | null;
  line_items: LineItem[];
  source_orders: SourceOrder[];
  /** The order's parcels (issue 8). */
  shipments?: OrderShipment[];
  /** The public tracking page's id (`/tracking/{public_id}`). */
  public_id?: string | null;
}

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

export interface OrderLog {
  id: string | number;
  event: string;
  detail?: unknown;
  source_order_id?: string | null;
  created_at: string;
}

export interface OrderDetail extends Order {
  logs?: OrderLog[];
}

export interface OrderPage {
  total: number;
  page: number;
  page_size: number;
  items: Order[];
}

export type OrderCounts = {
  placement: { ready: number };
  payment: { all: number; waiting_payment: number; order_placed: number };
  shipment: { all: number } & Partial<Record<ShipmentStatus, number>>;
  cancelled: { channel: number; source: number };
  refund: { all: number; completed: number; pending: number; accepted: number; rejected: number };
};

export interface PreviewSource {
  source: string;
  lines: string[];
  product_cost: number | string;
  shipping_cost: number | string;
  total: number | string;
  placeable: boolean;
  error_key?: string | null;
  message?: string | null;
  warning?: string | null;
}

export interface OrderPreview {
  orders: { order_id: string; name: string; sources: PreviewSource[] }[];
  total: number | string;
}

export type PlacementStatus = 'processing' | 'success' | 'error';

export interface PlacementItem {
  id: string;
  order_id: string;
  order_name: string;
  source: string;
  status: PlacementStatus;
  warning?: string | null;
  error_key?: string | null;
  message?: string | null;
  order_no?: string | null;
  total?: number | string | null;
}

export interface ActionResult {
  id: string;
  status: string;
  error?: string | null;
}

export interface OrderColumn {
  key: string;
  visible: boolean;
}
