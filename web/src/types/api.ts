/** Shapes of the API data the shell uses (docs/API.md). */
import type { QuickStartGuide, Workplace } from './api.gen';

// Generated from the API's OpenAPI document (scripts/gen-api-types).
export type { QuickStartGuide, Workplace };

export interface LinkedStore {
  id: string;
  workplace_id: string;
  platform_domain: string;
}

export interface Account {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  avatar: string | null;
  email_verified: boolean;
  language: string;
  has_shop: boolean;
  workplaces: Workplace[];
  linked_stores: Record<string, LinkedStore[]>;
  onboarding: unknown[];
  remaining_meta_keys: string[];
  plan_reinstalled: boolean;
  from_user_mkt: boolean;
  from_mobile: boolean;
  payment_mode: string;
  is_ab: boolean;
  is_new_pricing_mvp: boolean;
  is_new_pricing_mvp_v25: boolean;
  is_user_mkt: boolean;
  is_workplace_no_store: boolean;
  is_hide_billing: boolean;
  created_at: string;
  is_anonymous: boolean;
}

export interface AuthSession {
  token: string;
  expires_at: string;
  user: Account;
}

export interface AccountStatistic {
  import_list: number;
  product_list: number;
  order_list: number;
  chat_unread_count: number;
}

export interface PlanFeature {
  limit: number;
  usage: number;
}

export interface CurrentPlan {
  package: {
    key: string;
    name: string;
    price: number;
    cycle: number;
    is_free: boolean;
    features: Record<string, PlanFeature>;
  };
}

export const QUICK_START_STEPS = ['CHOOSE_A_PLAN', 'FIND_AND_IMPORT', 'PUSH_PRODUCT', 'PLACE_ORDER'] as const;
export type QuickStartStep = (typeof QUICK_START_STEPS)[number];

export interface NotificationItem {
  id: string;
  kind: string;
  title: string;
  body: string;
  read: boolean;
  created_at: string;
}

export interface NotificationList {
  unread: { total: number; product: number; supplier: number; order: number };
  items: NotificationItem[];
}

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

/** A connected store (docs/API.md "Stores"). */
export interface Store {
  id: string;
  platform: StorePlatform;
  platform_domain: string;
  domain: string;
  name: string;
  currency: string;
  workplace_id: string;
  is_default: boolean;
  status: 'connected' | 'disconnected';
  setup: 'pending' | 'ready' | 'error';
  setup_error: string | null;
  connected_at: string;
  metadata: { external_channels?: ExternalChannel[] } | null;
}

export interface StoreList {
  stores: Store[];
}

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

export interface SalesChannel {
  channel: SalesChannelId;
  handle: string;
  name: string;
  status: 'active' | 'coming_soon';
  connected: boolean;
  account_name: string | null;
  connected_at: string | null;
  needs_link: boolean;
  options: ChannelLinkOptions | null;
}

export interface ChannelSettings {
  is_publish: boolean;
  allow_sell_out_of_stock: boolean;
  sync_order: boolean;
  publications?: { id: string; handle: string }[];
  warehouse_id?: string | null;
  weight?: { value: number; unit: string };
  dimension?: { height: number; width: number; length: number; unit: string };
}

export interface TiktokWarehouse {
  id: string;
  name: string;
  is_default: boolean;
  effect_status: string;
  type: string;
}
