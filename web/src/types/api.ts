/** Shapes of the API data the shell uses (docs/API.md). */
import type {
  AccountStatistic,
  AccountView,
  ChannelSettings,
  ChannelView,
  FeatureQuota,
  NotificationList,
  Notification,
  PackageReply,
  Packages,
  QuickStartGuide,
  SignedIn,
  Store as StoreGen,
  StoresReply,
  Warehouse,
  Warehouses,
  Workplace,
} from './api.gen';

// Generated from the API's OpenAPI document (scripts/gen-api-types).
export type {
  AccountStatistic,
  ChannelSettings,
  FeatureQuota,
  Notification,
  NotificationList,
  PackageReply,
  Packages,
  QuickStartGuide,
  Warehouse,
  Warehouses,
  Workplace,
};

export interface LinkedStore {
  id: string;
  workplace_id: string;
  platform_domain: string;
}

// The server keeps the linked stores as free JSON.
export type Account = Omit<AccountView, 'linked_stores'> & { linked_stores: Record<string, LinkedStore[]> };

export type AuthSession = Omit<SignedIn, 'user'> & { user: Account };

export const QUICK_START_STEPS = ['CHOOSE_A_PLAN', 'FIND_AND_IMPORT', 'PUSH_PRODUCT', 'PLACE_ORDER'] as const;
/** The order-focused checklist (spec section 1), for an owner whose store already sells. */
export const ORDER_QUICK_START_STEPS = ['CHOOSE_A_PLAN', 'NAVIGATE_TO_ORDER_CENTER', 'FIND_READY_ORDER', 'PLACE_ORDER'] as const;
export type QuickStartStep = (typeof QUICK_START_STEPS)[number] | (typeof ORDER_QUICK_START_STEPS)[number];

/** Store platforms (spec section 1). */
export type StorePlatform = 'shopify' | 'woocommerce';

export interface ExternalChannel {
  id: string;
  handle: string;
  developer_name: string;
  name: string;
  app_id: string | number | null;
  is_active: boolean;
}

// The server sends these values as text and keeps the metadata as free JSON.
export type Store = Omit<StoreGen, 'platform' | 'status' | 'setup' | 'metadata'> & {
  platform: StorePlatform;
  status: 'connected' | 'disconnected';
  setup: 'pending' | 'ready' | 'error';
  metadata: { external_channels?: ExternalChannel[] } | null;
};

export type StoreList = Omit<StoresReply, 'stores'> & { stores: Store[] };

export interface Publication {
  id: string;
  name: string;
  handle: string;
  is_active: boolean;
}

export interface PublicationList {
  publications: Publication[];
  external_channels: ExternalChannel[];
}

/** Sales channels with their own connection (docs/API.md "Sales channels"). */
export type SalesChannelId = 'tiktok' | 'facebook' | 'google';

export interface FacebookBusiness {
  id: string;
  name: string;
  catalogs: { id: string; name: string }[];
}

export interface ChannelLinkOptions {
  businesses?: FacebookBusiness[];
  merchants?: { id: string; name?: string }[];
}

// The server sends the channel and status as text and the link options as free JSON.
export type SalesChannel = Omit<ChannelView, 'channel' | 'status' | 'options'> & {
  channel: SalesChannelId;
  status: 'active' | 'coming_soon';
  options: ChannelLinkOptions | null;
};
