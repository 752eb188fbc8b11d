/** Shapes of the push calls of issue 6 (docs/API.md "Push to stores and channels"). */
import type { PublishStatus, PushSettings } from './api.gen';

// Generated from the API's OpenAPI document (scripts/gen-api-types).
export type { PublishStatus, PushSettings };

/** A connected store's id (uuid as text), or a sales channel key. */
export type DestinationKey = string;

/** What one destination takes: publish or keep as a draft; Shopify publication gids. */
export interface DestinationSettings {
  is_publish: boolean;
  publications?: string[];
}

/** A product the push modal pushes (an import-list item or a product-center item). */
export interface PushProduct {
  id: string;
  title: string;
  image?: string | null;
  variant_count: number;
  price_from?: number | null;
  price_to?: number | null;
  source?: string;
  /** Destinations the product is already at (product center): destination key → status. */
  pushed?: Record<DestinationKey, string>;
}

export interface PushWarning {
  hash: string;
  variants: number;
  units: number;
}

export interface PushResult {
  product_package_ids: { product_package_id: string; split_product_package_ids: string[] }[];
  limit: number;
  usage: number;
  total_push: number;
  request_product_push: number;
  progress_ids: (number | string)[];
  warnings?: PushWarning[];
}

/** The data of a QUOTA_EXPIRED answer to a push. */
export interface PushQuotaData {
  limit: number;
  usage: number;
  total_push: number;
}

export type PushStatus = 'processing' | 'success' | 'error';

export interface PushProgressItem {
  id: number | string;
  channel: DestinationKey;
  channel_label: string;
  status: PushStatus;
  product_package_id: string;
  image: string | null;
  title: string;
  error: string | null;
  product_id: string | null;
  remote_url?: string | null;
}

/** Smart push (automation) settings (spec section 3). */
export interface AutomationSettings {
  is_enable: boolean;
  time_schedule: 'all_day' | 'time_frame';
  when: { from: string; to: string };
  time_zone?: string | null;
  condition: { apply_all_products: boolean };
  actions: {
    optimize_product_content?: { style: string; tone: string; language: string };
    pushed_connected_channels?: { store_ids: string[]; publication_ids: string[]; publish_status: PublishStatus };
  };
}

export interface AutomationResponse {
  automation_product_settings: AutomationSettings;
  ai_writing_available?: boolean;
}

/** One destination of a product in the product center. */
export interface PushTarget {
  destination: DestinationKey;
  channel_label: string;
  status: PushStatus;
  error: string | null;
  remote_ids: string[];
  pushed_at: string | null;
  synced_at: string | null;
  sync_change: string | null;
  sync_error: string | null;
}

export interface PushedProduct {
  id: string;
  title: string;
  image: string | null;
  variant_count: number;
  price_from: number | null;
  price_to: number | null;
  source: string;
  pushed: Record<DestinationKey, string>;
  targets: PushTarget[];
}

export interface PushedPage {
  total: number;
  items: PushedProduct[];
}

export interface SyncLogEntry {
  id: number | string;
  destination: DestinationKey | null;
  kind: string;
  detail: Record<string, unknown> | null;
  error: string | null;
  created_at: string;
}

export interface AutoUpdateSettings {
  is_enable: boolean;
  update_price: boolean;
  price_rule: 'pricing_rule' | 'keep_margin';
  out_of_stock: 'set_zero' | 'unpublish';
  notify_sku_removed: boolean;
  switch_supplier: boolean;
  interval_hours: number;
}

export interface AutoUpdateResponse {
  settings: AutoUpdateSettings;
  last_run_at: string | null;
}
