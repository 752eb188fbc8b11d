import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { renderRoute } from '@/test/render';
import { lineFixture, orderFixture } from '../test-fixtures';
import { ItemsCell } from './order-cells';
import { CreateOrderPage } from './create-order-page';
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

  it('create-order preview: each supplier order lists its lines by title, quantity, options and SKU', async () => {
    const source = { source: 'dropline', lines: [1], product_cost: 17, shipping_cost: 4.5, total: 21.5, placeable: true };
    const items = [
      { id: 1, title: 'Desk lamp', variant_title: 'Red / XL', sku: null, sku_id: '1005-3', quantity: 2, image: null },
      { id: 2, title: 'Mug', variant_title: null, sku: 'MUG-1', sku_id: '2001-0', quantity: 1, image: null },
    ];
    mockApi((c) =>
      c.path === 'orders/v4/preview'
        ? { data: { orders: [{ order_id: 1, name: '#1001', sources: [{ ...source, items }] }], total: 21.5 } }
        : undefined,
    );
    renderRoute(<CreateOrderPage />, { path: `/app/orders/create?orders=${encodeURIComponent('[1]')}` });
    const lines = await screen.findAllByTestId('preview-line');
    expect(lines.map((l) => l.textContent)).toEqual(['Desk lamp × 2Red / XL · Supplier SKU: 1005-3', 'Mug × 1SKU: MUG-1']);
  });
});
