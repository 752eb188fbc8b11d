import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { renderRoute } from '@/test/render';
import { lineFixture, orderFixture } from '../test-fixtures';
import { ItemsCell } from './order-cells';
import { OrderDetailPage } from './order-detail-page';

const INTERNAL = 'DL-0f1e2d3c4b5a69788796a5b4c3d2e1f0';

const ORDER = orderFixture({
  status: 'waiting_payment',
  line_items: [
    lineFixture({ id: 'l1', variant_title: 'Red / XL', sku: INTERNAL, sku_id: '1005-3' }),
    lineFixture({ id: 'l2', title: 'Mug', variant_title: 'Default Title', sku: 'MUG-1', sku_id: '2001-0' }),
  ],
});

describe('order lines name the variant as the owner knows it', () => {
  it('order detail: option values and the supplier SKU in place of the internal one', async () => {
    mockApi((c) => (c.path === 'orders/v5/detail/1' ? { data: ORDER } : { data: { items: [] } }));
    renderRoute(<OrderDetailPage />, { path: '/app/orders/detail/1/waiting_payment', route: '/app/orders/detail/:orderId/:orderStatus' });
    const [pushed, own] = await screen.findAllByTestId('order-line');
    expect(within(pushed).getByTestId('order-line-variant').textContent).toBe('Red / XL · Supplier SKU: 1005-3');
    expect(within(own).getByTestId('order-line-variant').textContent).toBe('SKU: MUG-1');
    expect(screen.getByTestId('order-lines').textContent).not.toContain('DL-');
  });

  it('order center items cell: the same, beside quantity and supplier', () => {
    renderRoute(<ItemsCell order={ORDER} />);
    const variants = screen.getAllByTestId('order-line-variant').map((v) => v.textContent);
    expect(variants).toEqual(['Red / XL · Supplier SKU: 1005-3', 'SKU: MUG-1']);
    expect(document.body.textContent).not.toContain(INTERNAL);
    expect(document.body.textContent).toContain('× 2 · AliExpress');
  });
});
