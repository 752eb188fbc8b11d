import { describe, expect, it } from 'vitest';
import { flowErrors, newFlow, toPayload } from './flow';

describe('automation flows', () => {
  it('defaults to a new-order trigger, create and pay, auto payment, immediately', () => {
    expect(newFlow()).toMatchObject({
      when: { types: ['new_order'] },
      then: { action: 'create_and_pay', payment_preference: { use: 'auto' } },
      time_schedule: { schedule: 'immediately' },
    });
  });

  it('needs a name, a trigger, numeric condition values and a time when scheduled', () => {
    const flow = {
      ...newFlow(),
      when: { types: [] },
      condition: { query: 'and' as const, names: [{ name: 'order_value' as const, operator: 'higher_than' as const, value: 'x' }] },
      time_schedule: { schedule: 'scheduled' as const, time: '' },
    };
    expect(flowErrors(flow)).toEqual(['name', 'trigger', 'value', 'time']);
    expect(flowErrors({ ...newFlow(), name: 'Big orders' })).toEqual([]);
  });

  it('sends condition values as numbers and the card method for card payment', () => {
    const payload = toPayload({
      ...newFlow(),
      name: ' Big ',
      condition: { query: 'and', names: [{ name: 'order_value', operator: 'higher_than', value: '50' }] },
      then: { action: 'create_and_pay', payment_preference: { use: 'card' } },
    });
    expect(payload.name).toBe('Big');
    expect(payload.condition.names[0].value).toBe(50);
    expect(payload.then.payment_preference).toEqual({ use: 'card', method: 'credit_card' });
  });
});
