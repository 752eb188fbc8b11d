import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '@/lib/storage';
import { mockApi } from '@/test/api-mock';
import { makeStore } from '@/test/fixtures';
import { makeImported } from '@/test/products';
import { renderRoute } from '@/test/render';
import { ProductCenterEditorRoute } from './push-routes';

const ROUTE = '/app/products-center/editor/:productCenterId';

const platform = (destination: string, over: Record<string, unknown> = {}) => ({
  destination,
  store_id: destination,
  channel_label: `${destination}.example`,
  platform: 'shopify',
  external_id: `gid://shopify/Product/${destination}`,
  remote_ids: [],
  status: 'success',
  error: null,
  pushed_at: '2026-01-01T00:00:00Z',
  is_publish: true,
  publications: ['gid://shopify/Publication/1'],
  connected: true,
  ...over,
});

/** A product pushed to a connected shop, a draft on a Woo store, and a disconnected shop. */
function serve(opts: { updateFails?: boolean } = {}) {
  let status = 'success';
  return mockApi((c) => {
    if (c.path === 'stores/list-store') return { data: { stores: [makeStore('s1', { name: 'Main shop' })] } };
    if (c.path === 'products/collection/all') return { data: { store_id: 's1', platform: 'shopify', collections: [], truncated: false } };
    if (c.path === 'products/tags') return { data: { store_id: 's1', platform: 'shopify', tags: [], truncated: false } };
    if (c.path === 'center/products/platform/p1')
      return {
        data: {
          platforms: [
            platform('s1', { status }),
            platform('w1', { platform: 'woocommerce', is_publish: false, publications: [] }),
            platform('s9', { connected: false, status: 'error', error: 'The store is disconnected' }),
          ],
        },
      };
    if (c.path === 'center/products/import/p1' && c.method === 'GET') return { data: makeImported() };
    if (c.path === 'center/products/import/p1' && c.method === 'PUT')
      return { data: { ...makeImported(), ...(c.body as object), variants: makeImported().variants } };
    if (c.path === 'center/products/p1/compare')
      return {
        data: {
          product_id: 'p1',
          title: 'Desk lamp',
          supplier_title: 'LED desk lamp',
          supplier_error: null,
          stores: [
            {
              destination: 's1',
              channel_label: 's1.example',
              platform: 'shopify',
              external_id: 'x',
              currency: 'EUR',
              title: 'Old lamp',
              missing: false,
              error: null,
            },
          ],
          variants: [
            {
              variant_id: 'v2',
              label: 'Red / M',
              price: 12,
              stock: 7,
              supplier_cost: 5,
              supplier_stock: 40,
              stores: [{ destination: 's1', price: 11, stock: null }],
            },
          ],
        },
      };
    if (c.path === 'center/products/update-push') {
      if (opts.updateFails) return { status: 201, success: false, message: 'NeedToSelectAtLeastChannel' };
      status = 'processing';
      return { data: { progress_ids: [41, 42], limit: 20, usage: 3, total_push: 0, request_product_push: 1 } };
    }
    return { data: {} };
  });
}

describe('product center editor', () => {
  beforeEach(() => setToken('t1'));

  it('shows where the product lives with the overwrite notice, saves, then updates every connected store', async () => {
    const calls = serve();
    renderRoute(<ProductCenterEditorRoute />, { path: '/app/products-center/editor/p1', route: ROUTE });
    const card = await screen.findByTestId('editor-destinations');
    await waitFor(() => expect(within(card).getAllByTestId('editor-destination')).toHaveLength(3));
    // Stores read by their names; the disconnected one says it cannot be updated.
    await waitFor(() => expect(within(card).getAllByTestId('editor-destination')[0].textContent).toContain('Main shop'));
    expect(within(card).getByTestId('editor-destination-disconnected')).toBeTruthy();
    expect(within(card).getByTestId('editor-destination-error').textContent).toBe('The store is disconnected');
    expect(screen.getByTestId('editor-overwrite').textContent).toContain('will be overwritten');
    expect(screen.getByTestId('editor-back').getAttribute('href')).toBe('/app/products-center');

    fireEvent.change(await screen.findByTestId('editor-title'), { target: { value: 'Brighter lamp' } });
    const save = screen.getByTestId('editor-save');
    expect(save.textContent).toBe('Save and update in store(s)');
    fireEvent.click(save);

    await waitFor(() => expect(calls.some((c) => c.path === 'center/products/update-push')).toBe(true));
    const put = calls.findIndex((c) => c.method === 'PUT');
    const push = calls.findIndex((c) => c.path === 'center/products/update-push');
    expect(put).toBeGreaterThan(-1);
    expect(put).toBeLessThan(push);
    expect((calls[put].body as { title: string }).title).toBe('Brighter lamp');
    // Each connected destination with its own last choices; the disconnected one is left out.
    expect(calls[push].body).toEqual({
      settings: {
        channels: {
          s1: { is_publish: true, publications: ['gid://shopify/Publication/1'] },
          w1: { is_publish: false, publications: [] },
        },
        push: [],
        update: ['p1'],
      },
    });
    await waitFor(() =>
      expect(screen.getAllByTestId('toast').some((t) => t.textContent?.includes('being updated in its stores'))).toBe(true),
    );
    // The destinations are read again and show the update in progress.
    await waitFor(() =>
      expect(
        screen
          .getAllByTestId('editor-destination')
          .find((d) => d.getAttribute('data-destination') === 's1')!
          .getAttribute('data-status'),
      ).toBe('processing'),
    );
  });

  it('compares the store copy with Dropline and the supplier only when asked', async () => {
    const calls = serve();
    renderRoute(<ProductCenterEditorRoute />, { path: '/app/products-center/editor/p1', route: ROUTE });
    fireEvent.click(await screen.findByTestId('editor-compare-load'));
    const table = await screen.findByTestId('compare-table');
    expect(calls.filter((c) => c.path === 'center/products/p1/compare')).toHaveLength(1);
    expect(within(table).getByTestId('compare-title').textContent).toContain('LED desk lamp');
    await waitFor(() => expect(within(table).getByTestId('compare-store-title').textContent).toBe('Old lamp'));
    // Dropline and the supplier in USD, the store in its own currency; a stock it does not track is a dash.
    const variant = within(table).getByTestId('compare-variant');
    expect(variant.textContent).toContain('$12.00 · 7');
    expect(variant.textContent).toContain('$5.00 · 40');
    expect(variant.textContent).toContain('€11.00 · —');
    expect(within(table).getAllByRole('columnheader')[3].textContent).toBe('Main shop');
  });

  it('says so when the stores could not be updated after the save', async () => {
    serve({ updateFails: true });
    renderRoute(<ProductCenterEditorRoute />, { path: '/app/products-center/editor/p1', route: ROUTE });
    await screen.findAllByTestId('editor-destination');
    fireEvent.click(await screen.findByTestId('editor-save'));
    const toast = await waitFor(() => {
      const found = screen.getAllByTestId('toast').find((t) => t.getAttribute('data-type') === 'error');
      expect(found).toBeTruthy();
      return found!;
    });
    expect(toast.textContent).toContain('Select at least one channel.');
  });
});
