import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { renderRoute } from '@/test/render';
import { QuickStartGuide } from './quick-start-guide';

const guide = (over: Record<string, unknown>) => ({
  dismiss: false,
  done: false,
  checklist: 'products',
  active_step: 'FIND_AND_IMPORT',
  steps: { CHOOSE_A_PLAN: true, FIND_AND_IMPORT: false, PUSH_PRODUCT: false, PLACE_ORDER: false },
  order_steps: { CHOOSE_A_PLAN: true, NAVIGATE_TO_ORDER_CENTER: false, FIND_READY_ORDER: false, PLACE_ORDER: false },
  ...over,
});

describe('quick-start guide', () => {
  it('shows the product steps by default', async () => {
    mockApi((c) => (c.path === 'core/settings/quick-start-guide' ? { data: guide({}) } : undefined));
    renderRoute(<QuickStartGuide />, { path: '/app' });
    expect((await screen.findByTestId('quick-start')).getAttribute('data-checklist')).toBe('products');
    expect(screen.getByTestId('quick-start-step-FIND_AND_IMPORT').getAttribute('data-active')).toBe('true');
    expect(screen.queryByTestId('quick-start-step-NAVIGATE_TO_ORDER_CENTER')).toBeNull();
  });

  it('shows the order checklist to an owner whose store already sells, at the step the server names', async () => {
    const orderSteps = { CHOOSE_A_PLAN: true, NAVIGATE_TO_ORDER_CENTER: true, FIND_READY_ORDER: false, PLACE_ORDER: false };
    mockApi((c) =>
      c.path === 'core/settings/quick-start-guide'
        ? { data: guide({ checklist: 'orders', active_step: 'FIND_READY_ORDER', order_steps: orderSteps }) }
        : undefined,
    );
    renderRoute(<QuickStartGuide />, { path: '/app' });
    await screen.findByTestId('quick-start');
    expect(screen.queryByTestId('quick-start-step-FIND_AND_IMPORT')).toBeNull();
    expect(screen.getByTestId('quick-start-step-NAVIGATE_TO_ORDER_CENTER').getAttribute('data-done')).toBe('true');
    const ready = screen.getByTestId('quick-start-step-FIND_READY_ORDER');
    expect(ready.getAttribute('data-active')).toBe('true');
    expect(ready.textContent).toContain('Find orders ready to place');
    expect(screen.getByText('2 of 4 steps completed')).toBeTruthy();
    expect(screen.getByTestId('quick-start-action').getAttribute('href')).toBe('/app/orders?tab=placement');
  });
});
