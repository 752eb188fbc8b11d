import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { renderRoute } from '@/test/render';
import type { PushTarget, PushedProduct } from '@/types/push';
import { ProductCenterPage } from './product-center-page';

const target = (destination: string, over: Partial<PushTarget> = {}): PushTarget => ({
  destination,
  channel_label: destination === 'tiktok' ? 'TikTok' : 'Shopify',
  status: 'success',
  error: null,
  remote_ids: ['1'],
  pushed_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  synced_at: null,
  sync_change: null,
  sync_error: null,
  ...over,
});

const pushed = (id: string, targets: PushTarget[]): PushedProduct => ({
  id,
  title: `Lamp ${id}`,
  image: null,
  variant_count: 4,
  price_from: 10,
  price_to: 15,
  source: 'aliexpress',
  pushed: Object.fromEntries(targets.map((t) => [t.destination, t.status])),
  targets,
});

const ITEMS = [
  pushed('a', [
    target('s1', { synced_at: new Date().toISOString(), sync_change: 'price' }),
    target('tiktok', { status: 'error', error: 'TikTok needs a warehouse' }),
  ]),
  pushed('b', [target('s1', { synced_at: new Date(Date.now() - 2 * 3600_000).toISOString(), sync_error: 'Supplier unavailable' })]),
];

function serve() {
  return mockApi((c) => {
    if (c.path === 'center/products/pushed') return { data: { total: ITEMS.length, items: ITEMS } };
    if (c.path === 'center/products/a/sync-log') {
      return {
        data: {
          items: [
            {
              id: 1,
              destination: null,
              kind: 'supplier_sync',
              detail: { changes: [], change: 'Red: price 10.00 → 12.00', unpublished: true },
              error: null,
              created_at: new Date().toISOString(),
            },
          ],
        },
      };
    }
    if (c.path === 'center/products/auto_update') return { data: { progress_id: 9 } };
    if (c.path === 'progress/9') return { data: { id: 9, status: 'success', error: null } };
    return undefined;
  });
}

const row = (id: string) => screen.getAllByTestId('pushed-row').find((r) => r.getAttribute('data-id') === id)!;

describe('product center', () => {
  it('lists each destination with its push state, error and the visible sync state', async () => {
    const calls = serve();
    renderRoute(<ProductCenterPage onPushAgain={() => {}} labelOf={(d, f) => (d === 's1' ? 'Main shop' : f)} />, {
      path: '/app/products-center',
    });
    await screen.findAllByTestId('pushed-row');
    expect(calls.find((c) => c.path === 'center/products/pushed')!.query.get('page_size')).toBe('20');
    const a = within(row('a')).getAllByTestId('target-status');
    expect(a.map((t) => [t.getAttribute('data-destination'), t.getAttribute('data-status'), t.getAttribute('data-sync')])).toEqual([
      ['s1', 'success', 'changed'],
      ['tiktok', 'error', 'never'],
    ]);
    expect(a[0].textContent).toContain('Main shop');
    expect(a[0].textContent).toContain('Updated');
    expect(a[0].textContent).toContain('Just now');
    expect(within(a[1]).getByTestId('target-error').textContent).toBe('TikTok needs a warehouse');
    const b = within(row('b')).getByTestId('target-status');
    expect(b.getAttribute('data-sync')).toBe('error');
    expect(within(b).getByTestId('target-sync-error').textContent).toBe('Supplier unavailable');
    expect(b.textContent).toContain('2 hour(s) ago');
  });

  it('opens the push again for one product or the selection', async () => {
    serve();
    const onPushAgain = vi.fn();
    renderRoute(<ProductCenterPage onPushAgain={onPushAgain} />, { path: '/app/products-center' });
    await screen.findAllByTestId('pushed-row');
    fireEvent.click(within(row('b')).getByTestId('pushed-row-push-again'));
    expect(onPushAgain).toHaveBeenLastCalledWith([expect.objectContaining({ id: 'b', pushed: { s1: 'success' } })]);
    const all = within(screen.getByTestId('pushed-select-all')).getByRole('checkbox', { hidden: true }) as HTMLInputElement;
    fireEvent.click(all);
    await waitFor(() => expect(all.checked).toBe(true));
    fireEvent.click(await screen.findByTestId('pushed-bulk-push-again'));
    expect(onPushAgain.mock.lastCall?.[0].map((p: PushedProduct) => p.id)).toEqual(['a', 'b']);
  });

  it('opens a pushed product in the product center editor', async () => {
    serve();
    const { router } = renderRoute(<ProductCenterPage onPushAgain={vi.fn()} />, { path: '/app/products-center' });
    await screen.findAllByTestId('pushed-row');
    fireEvent.click(within(row('b')).getByTestId('pushed-row-edit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/products-center/editor/b'));
  });

  it('shows a product sync log in a drawer', async () => {
    serve();
    renderRoute(<ProductCenterPage onPushAgain={() => {}} />, { path: '/app/products-center' });
    await screen.findAllByTestId('pushed-row');
    fireEvent.click(within(row('a')).getByTestId('pushed-row-sync-log'));
    const entry = await screen.findByTestId('sync-log-entry');
    expect(entry.getAttribute('data-kind')).toBe('supplier_sync');
    expect(entry.textContent).toContain('Supplier sync');
    expect(screen.getAllByTestId('sync-log-line').map((l) => l.textContent)).toEqual([
      'Red: price 10.00 → 12.00',
      'Unpublished: every variant is out of stock.',
    ]);
    expect(screen.getByTestId('sync-log-drawer').textContent).toContain('Lamp a');
  });

  it('Sync now starts a supplier sync and follows it to the end', async () => {
    const calls = serve();
    renderRoute(<ProductCenterPage onPushAgain={() => {}} />, { path: '/app/products-center' });
    await screen.findAllByTestId('pushed-row');
    fireEvent.click(screen.getByTestId('product-center-sync'));
    await waitFor(() =>
      expect(screen.getAllByTestId('toast').some((t) => t.textContent?.includes('The supplier sync is finished.'))).toBe(true),
    );
    expect(calls.find((c) => c.path === 'center/products/auto_update')!.body).toEqual({});
  });

  it('shows the empty state with a way to the import list', async () => {
    mockApi(() => ({ data: { total: 0, items: [] } }));
    renderRoute(<ProductCenterPage onPushAgain={() => {}} />, { path: '/app/products-center' });
    expect((await screen.findByTestId('pushed-empty')).textContent).toContain('You have not pushed any product yet.');
  });
});
