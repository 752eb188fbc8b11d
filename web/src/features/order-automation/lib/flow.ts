/** Order automation flows (spec 001, section 4): triggers, conditions, actions, payment, timing. */
import type { Flow, FlowCondition } from '@/types/wallet';

export const TRIGGERS = ['new_order', 'request_fulfillment'] as const;
export const CONDITION_NAMES = ['order_item_count', 'order_value', 'order_profit_margin'] as const;
export const OPERATORS = ['lower_than', 'equal_to', 'higher_than'] as const;
export const ACTIONS = ['create_and_pay', 'create_and_send_confirmation'] as const;
export const PAYMENT_USES = ['auto', 'wallet', 'card'] as const;
export const SCHEDULES = ['immediately', 'scheduled'] as const;

export const newFlow = (): Flow => ({
  name: '',
  when: { types: ['new_order'] },
  condition: { query: 'and', names: [] },
  then: { action: 'create_and_pay', payment_preference: { use: 'auto', method: null } },
  status: true,
  time_schedule: { schedule: 'immediately', time: null },
});

export const newCondition = (): FlowCondition => ({ name: 'order_value', operator: 'higher_than', value: '' });

export const isActive = (flow: Pick<Flow, 'status'>) => flow.status === true || flow.status === 'active' || flow.status === 'on';

/** The problems of a flow before saving (i18n keys under automation.errors). */
export function flowErrors(flow: Flow): string[] {
  const out: string[] = [];
  if (!flow.name.trim()) out.push('name');
  if (flow.when.types.length === 0) out.push('trigger');
  if (flow.condition.names.some((c) => c.value === '' || !Number.isFinite(Number(c.value)))) out.push('value');
  if (flow.time_schedule.schedule === 'scheduled' && !/^\d{2}:\d{2}$/.test(flow.time_schedule.time ?? '')) out.push('time');
  return out;
}

/** The flow as the API takes it: numbers as numbers, the time only when scheduled. */
export function toPayload(flow: Flow): Flow {
  return {
    ...flow,
    name: flow.name.trim(),
    condition: { query: 'and', names: flow.condition.names.map((c) => ({ ...c, value: Number(c.value) })) },
    then: {
      ...flow.then,
      payment_preference: {
        use: flow.then.payment_preference.use,
        method:
          flow.then.payment_preference.use === 'card' ? 'credit_card' : flow.then.payment_preference.use === 'wallet' ? 'wallet' : null,
      },
    },
    time_schedule: flow.time_schedule.schedule === 'scheduled' ? flow.time_schedule : { schedule: 'immediately', time: null },
  };
}
