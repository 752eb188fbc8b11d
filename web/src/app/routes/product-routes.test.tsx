import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCurrentPlan } from '@/features/billing';
import { mockApi } from '@/test/api-mock';
import { makeCard } from '@/test/products';
import { renderRoute } from '@/test/render';
import { FindProductRoute } from './product-routes';

function PlanProbe() {
  const { data } = useCurrentPlan();
  return <div data-testid="plan-usage">{data?.package.features.IMPORT_PRODUCT?.usage ?? ''}</div>;
}

describe('find product route', () => {
  it('an ok import refreshes the plan (payments/user/current-plan) and the counts', async () => {
    let usage = 0;
    const calls = mockApi((c) => {
      if (c.path === 'center/products/find') return { data: { total: 1, page: 1, page_size: 20, items: [makeCard('9')] } };
      if (c.path === 'payments/user/current-plan')
        return {
          data: {
            package: { key: 'FREE', name: 'Free', price: 0, cycle: 30, is_free: true, features: { IMPORT_PRODUCT: { limit: 10, usage } } },
          },
        };
      if (c.path === 'center/products/import/aliexpress') {
        usage += 1;
        return { data: { id: 'p9' } };
      }
      return { data: { collections: [], ids: [] } };
    });
    renderRoute(
      <>
        <PlanProbe />
        <FindProductRoute />
      </>,
      { path: '/app/find-product' },
    );
    await waitFor(() => expect(screen.getByTestId('plan-usage').textContent).toBe('0'));
    fireEvent.click(within(await screen.findByTestId('product-card')).getByTestId('import-button'));
    await waitFor(() => expect(screen.getByTestId('plan-usage').textContent).toBe('1'));
    expect(calls.filter((c) => c.path === 'payments/user/current-plan')).toHaveLength(2);
  });
});
