/** Shapes of the push calls of issue 6 (docs/API.md "Push to stores and channels"). */
import type {
  AutoUpdate,
  AutoUpdateReply,
  PublishStatus,
  PushProgressItem as PushProgressItemGen,
  PushStarted,
  PushedPage as PushedPageGen,
  PushedProduct as PushedProductGen,
  SmartPush,
  SmartPushReply,
  SyncLogEntry as SyncLogEntryGen,
  TargetView,
} from './api.gen';

// Generated from the API's OpenAPI document (scripts/gen-api-types).
export type { PublishStatus };

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

/** A product over the platforms' 100-variant limit (free JSON in the schema). */
export interface PushWarning {
  hash: string;
  variants: number;
  units: number;
}

export type PushResult = Omit<PushStarted, 'warnings'> & { warnings?: PushWarning[] };

/** The data of a QUOTA_EXPIRED answer to a push. */
export interface PushQuotaData {
  limit: number;
  usage: number;
  total_push: number;
}

export type PushStatus = 'processing' | 'success' | 'error';

// The server sends a PushStatus (text in the schema); `remote_url` is not sent yet (the toast links it once it is).
export type PushProgressItem = Omit<PushProgressItemGen, 'status'> & { status: PushStatus; remote_url?: string | null };

// The API always sends these; the schema marks fields with a serde default optional (they are on input).
export type AutomationSettings = Omit<Required<SmartPush>, 'time_zone'> & Pick<SmartPush, 'time_zone'>;

export type AutomationResponse = Omit<SmartPushReply, 'automation_product_settings'> & {
  automation_product_settings: AutomationSettings;
};

// The server sends a PushStatus (text in the schema).
export type PushTarget = Omit<TargetView, 'status'> & { status: PushStatus };

// `pushed` is a map of destination key to push status (free JSON in the schema).
export type PushedProduct = Omit<PushedProductGen, 'pushed' | 'targets'> & {
  pushed: Record<DestinationKey, string>;
  targets: PushTarget[];
};

export type PushedPage = Omit<PushedPageGen, 'items'> & { items: PushedProduct[] };

// `detail` depends on the entry's kind (free JSON in the schema).
export type SyncLogEntry = Omit<SyncLogEntryGen, 'detail'> & { detail: Record<string, unknown> | null };

// The API always sends every field; the schema marks those with a serde default optional (they are on input).
export type AutoUpdateSettings = Required<AutoUpdate>;

export type AutoUpdateResponse = Omit<AutoUpdateReply, 'settings'> & { settings: AutoUpdateSettings };
