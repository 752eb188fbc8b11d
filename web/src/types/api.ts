/** Shapes of the API data the shell uses (docs/API.md). */

export interface Workplace {
  id: string;
  name: string;
  currency: string;
}

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

export interface QuickStartGuide {
  dismiss: boolean;
  steps: Record<QuickStartStep, boolean>;
  done: boolean;
  active_step: QuickStartStep | null;
}

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
