import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '@/lib/storage';
import { mockApi } from '@/test/api-mock';
import { makeChannel, makeStore } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import type { ImportListItem } from '@/types/products';
import { ImportListRoute, ProductCenterRoute } from './push-routes';

const item = (id: string, variant_count = 2): ImportListItem => ({
  id,
  title: `Imported ${id}`,
  image: null,
  source: 'cj',
  source_product_id: `s${id}`,
  ship_to: 'US',
  cost_from: 5,
  cost_to: 5,
  price_from: 10,
  price_to: 10,
  variant_count,
  created_at: '2026-01-01T00:00:00Z',
});

function serve(opts: { userMkt?: boolean; usage?: number } = {}) {
  let usage = opts.usage ?? 0;
  return mockApi((c) => {
    switch (c.path) {
      case 'auth/account':
        return {
          data: {
            id: 'u1',
            email: 'a@b.c',
            is_user_mkt: Boolean(opts.userMkt),
            is_hide_billing: false,
            workplaces: [{ id: 'w1', name: 'W', currency: 'USD' }],
          },
        };
      case 'stores/list-store':
        return {
          data: {
            stores: [makeStore('s1', { is_default: true, name: 'Main shop' }), makeStore('w1', { platform: 'woocommerce', name: 'Woo' })],
          },
        };
      case 'channels/list':
        return { data: { channels: [makeChannel('tiktok', { connected: true })] } };
      case 'payments/user/current-plan':
        return {
          data: {
            package: {
              key: 'FREE',
              name: 'Free',
              price: 0,
              cycle: 30,
              is_free: true,
              features: { LISTING_PRODUCTS: { limit: 20, usage } },
            },
          },
        };
      case 'center/products/import/listing':
        return { data: { total: 3, items: [item('a'), item('b'), item('c', 220)] } };
      case 'center/products/setting/get':
        return { data: { channels: {} } };
      case 'center/products/setting/automation-product/get':
        return {
          data: {
            automation_product_settings: {
              is_enable: false,
              time_schedule: 'all_day',
              when: { from: '00:00', to: '23:59' },
              condition: { apply_all_products: true },
              actions: {},
            },
          },
        };
      case 'status/shopify-service/api/shopify/shop/publications':
        return { data: { publications: [], external_channels: [] } };
      case 'center/products/push-to-multiple-channels': {
        const ids = (c.body as { product_package_ids: string[] }).product_package_ids;
        usage += ids.length;
        return { data: { progress_ids: ids.map((_, i) => i + 1), limit: 20, usage, total_push: ids.length } };
      }
      case 'center/products/pushed':
        return {
          data: {
            total: 1,
            items: [
              {
                id: 'a',
                title: 'Imported a',
                image: null,
                variant_count: 2,
                price_from: 10,
                price_to: 10,
                source: 'cj',
                pushed: { w1: 'success' },
                targets: [],
              },
            ],
          },
        };
      default:
        return { data: {} };
    }
  });
}

const row = (id: string) => screen.getAllByTestId('import-row').find((r) => r.getAttribute('data-id') === id)!;

describe('push from the import list and the product center', () => {
  beforeEach(() => setToken('t1'));
  it('a row opens the modal for that product; a push refreshes the plan', async () => {
    const calls = serve();
    renderRoute(<ImportListRoute />, { path: '/app/products-import' });
    await screen.findAllByTestId('import-row');
    fireEvent.click(within(row('b')).getByTestId('import-row-push'));
    const modal = await screen.findByTestId('push-modal');
    expect(
      within(modal)
        .getAllByTestId('push-product')
        .map((p) => p.getAttribute('data-id')),
    ).toEqual(['b']);
    // The current (default) shop is ticked.
    await waitFor(() => expect(screen.getByTestId('push-destination-s1').getAttribute('data-selected')).toBe('true'));
    const submit = screen.getByTestId('push-submit') as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    const plans = calls.filter((c) => c.path === 'payments/user/current-plan').length;
    fireEvent.click(submit);
    await waitFor(() => expect(screen.queryByTestId('push-modal')).toBeNull());
    expect(calls.find((c) => c.path === 'center/products/push-to-multiple-channels')!.body).toEqual({
      settings: { channels: { s1: { is_publish: true } } },
      product_package_ids: ['b'],
    });
    await waitFor(() => expect(calls.filter((c) => c.path === 'payments/user/current-plan').length).toBe(plans + 1));
  });

  it('the bulk action pushes the selection; a product over 100 variants counts its units against the quota', async () => {
    serve({ usage: 17 });
    renderRoute(<ImportListRoute />, { path: '/app/products-import' });
    await screen.findAllByTestId('import-row');
    const all = within(screen.getByTestId('import-select-all')).getByRole('checkbox', { hidden: true }) as HTMLInputElement;
    fireEvent.click(all);
    await waitFor(() => expect(all.checked).toBe(true));
    fireEvent.click(await screen.findByTestId('bulk-push'));
    await screen.findByTestId('push-modal');
    expect(screen.getAllByTestId('push-product')).toHaveLength(3);
    // 1 + 1 + 3 units to one store: 5 > 20 - 17.
    expect((await screen.findByTestId('push-quota-usage')).textContent).toBe('22 / 20 listings');
    expect((screen.getByTestId('push-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('a marketing user is sent to My channels', async () => {
    serve({ userMkt: true });
    const { router } = renderRoute(<ImportListRoute />, { path: '/app/products-import' });
    await screen.findAllByTestId('import-row');
    fireEvent.click(within(row('a')).getByTestId('import-row-push'));
    await screen.findByTestId('push-go-to-channels');
    fireEvent.click(screen.getByTestId('push-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/channel'));
  });

  it('the product center opens the modal in update mode with the store names', async () => {
    serve();
    renderRoute(<ProductCenterRoute />, { path: '/app/products-center' });
    fireEvent.click(await screen.findByTestId('pushed-row-push-again'));
    await screen.findByTestId('push-overwrite');
    await waitFor(() => expect(screen.getByTestId('push-destination-w1').getAttribute('data-selected')).toBe('true'));
    expect(screen.getByTestId('push-destination-w1').textContent).toContain('Already pushed');
  });
});
