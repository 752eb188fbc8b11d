/** The wallet, payment settings and order automation (docs/API.md, "Orders (issue 7)"). */
import type { Wallet } from './api.gen';

// Generated from the API's OpenAPI document (scripts/gen-api-types).
export type { Wallet };

export interface ChartPoint {
  date: string;
  balance: number | string;
  topup: number | string;
  spent: number | string;
}

export interface Transaction {
  id: string | number;
  kind: string;
  amount: number | string;
  description?: string | null;
  source_order_id?: string | null;
  created_at: string;
}

export interface PaymentSetting {
  payment_behavior: string;
  method: 'wallet' | 'card';
  card_label?: string | null;
}

export type FlowTrigger = 'new_order' | 'request_fulfillment';
export type FlowConditionName = 'order_item_count' | 'order_value' | 'order_profit_margin';
export type FlowOperator = 'lower_than' | 'equal_to' | 'higher_than';
export type FlowAction = 'create_and_pay' | 'create_and_send_confirmation';
export type FlowPaymentUse = 'auto' | 'wallet' | 'card';

export interface FlowCondition {
  name: FlowConditionName;
  operator: FlowOperator;
  value: number | string;
}

export interface Flow {
  id?: string | number;
  name: string;
  when: { types: FlowTrigger[] };
  condition: { query: 'and'; names: FlowCondition[] };
  then: { action: FlowAction; payment_preference: { use: FlowPaymentUse; method?: string | null } };
  status: boolean | string;
  time_schedule: { schedule: 'immediately' | 'scheduled'; time?: string | null };
  last_activity_at?: string | null;
}
