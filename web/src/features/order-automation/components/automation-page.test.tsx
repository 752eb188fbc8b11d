import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { renderRoute } from '@/test/render';
import type { Flow } from '@/types/wallet';
import { newFlow } from '../lib/flow';
import { AutomationPage } from './automation-page';

const FLOW: Flow = {
  ...newFlow(),
  id: 7,
  name: 'Big orders',
  last_activity_at: '2026-11-21T10:00:00Z',
  condition: { query: 'and', names: [{ name: 'order_value', operator: 'higher_than', value: 50 }] },
};

describe('automation panel', () => {
  it('lists flows with their last activity and toggles one off', async () => {
    const calls = mockApi((c) =>
      c.path === 'orders/v7/automation/panel' ? { data: { flows: [c.method === 'PUT' ? (c.body as Flow) : FLOW] } } : undefined,
    );
    renderRoute(<AutomationPage />, { path: '/app/setting/order/order-placement' });
    const row = await screen.findByTestId('flow-row');
    expect(row.textContent).toContain('Order value higher than 50');
    expect(screen.getByTestId('flow-last-activity').textContent).toMatch(/^Last run: /);
    fireEvent.click(screen.getByTestId('flow-toggle').querySelector('input')!);
    await waitFor(() => expect((calls.find((c) => c.method === 'PUT')?.body as Flow | undefined)?.status).toBe(false));
  });

  it('creates a flow with a condition', async () => {
    const calls = mockApi((c) => (c.path === 'orders/v7/automation/panel' ? { data: { flows: [] } } : undefined));
    renderRoute(<AutomationPage />, { path: '/app/setting/order/order-placement' });
    await screen.findByTestId('flow-empty');
    fireEvent.click(screen.getByTestId('flow-create'));
    fireEvent.change(await screen.findByTestId('flow-name'), { target: { value: 'Small orders' } });
    fireEvent.click(screen.getByTestId('flow-add-condition'));
    fireEvent.change(screen.getByTestId('flow-condition-name-0'), { target: { value: 'order_item_count' } });
    fireEvent.change(screen.getByTestId('flow-condition-operator-0'), { target: { value: 'lower_than' } });
    fireEvent.change(screen.getByTestId('flow-condition-value-0'), { target: { value: '3' } });
    fireEvent.change(screen.getByTestId('flow-payment'), { target: { value: 'wallet' } });
    fireEvent.click(screen.getByTestId('flow-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      name: 'Small orders',
      when: { types: ['new_order'] },
      condition: { query: 'and', names: [{ name: 'order_item_count', operator: 'lower_than', value: 3 }] },
      then: { action: 'create_and_pay', payment_preference: { use: 'wallet', method: 'wallet' } },
      time_schedule: { schedule: 'immediately' },
    });
  });
});
