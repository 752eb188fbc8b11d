/** The wallet, payment settings and order automation (docs/API.md, "Orders (issue 7)"). */
import type {
  ChartPoint,
  Flow as FlowGen,
  PaymentSetting as PaymentSettingGen,
  TransactionLog,
  TransactionLogPage,
  Wallet,
} from './api.gen';

// Generated from the API's OpenAPI document (scripts/gen-api-types).
export type { ChartPoint, TransactionLog, TransactionLogPage, Wallet };

// The server sends `wallet` or `card` (text in the schema).
export type PaymentSetting = Omit<PaymentSettingGen, 'method'> & { method: 'wallet' | 'card' };

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

// The server keeps a flow's when, condition, then and schedule as free JSON; a flow being made has no id yet.
export type Flow = Omit<FlowGen, 'id' | 'status' | 'when' | 'condition' | 'then' | 'time_schedule'> & {
  id?: FlowGen['id'];
  /** Text from the API; the dialog sends a boolean. */
  status: boolean | string;
  when: { types: FlowTrigger[] };
  condition: { query: 'and'; names: FlowCondition[] };
  then: { action: FlowAction; payment_preference: { use: FlowPaymentUse; method?: string | null } };
  time_schedule: { schedule: 'immediately' | 'scheduled'; time?: string | null };
};
