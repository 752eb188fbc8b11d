import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { makeImported } from '@/test/products';
import { renderRoute } from '@/test/render';
import { EditorPage } from './editor-page';

const ROUTE = '/app/products-import/editor/:productCenterId';

function splitApi(final: { status: 'success' | 'error'; product_ids: string[] | null; error: string | null }, after = 3) {
  let reads = 0;
  return mockApi((c) => {
    if (c.path === 'center/products/import/p1' && c.method === 'GET') return { data: makeImported() };
    if (c.path === 'center/products/import/p1/split') return { data: { tracking_id: 41 } };
    if (c.path === 'center/products/unmapped/tracking-split-status/41') {
      reads += 1;
      return { data: reads >= after ? final : { status: 'processing', product_ids: null, error: null } };
    }
    return undefined;
  });
}

describe('split by option', () => {
  it('starts a split, polls tracking-split-status until success, then toasts the count and goes back to the list', async () => {
    const calls = splitApi({ status: 'success', product_ids: ['p1', 'p2'], error: null });
    const onChanged = vi.fn();
    const { router } = renderRoute(<EditorPage onChanged={onChanged} />, { path: '/app/products-import/editor/p1', route: ROUTE });
    fireEvent.click(await screen.findByTestId('editor-split'));
    const select = (await screen.findByTestId('split-option')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Color (2 values)', 'Size (2 values)']);
    fireEvent.change(select, { target: { value: 'Size' } });
    fireEvent.click(screen.getByTestId('split-confirm'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/products-import'), { timeout: 6000 });
    const post = calls.find((c) => c.path === 'center/products/import/p1/split')!;
    expect([post.method, post.body]).toEqual(['POST', { option: 'Size' }]);
    // Polled again until the job succeeded (each poll reached the API).
    expect(calls.filter((c) => c.path === 'center/products/unmapped/tracking-split-status/41')).toHaveLength(3);
    await waitFor(() =>
      expect(screen.getAllByTestId('toast').some((t) => t.textContent?.includes('The product was split into 2 products.'))).toBe(true),
    );
    expect(onChanged).toHaveBeenCalled();
  });

  it('shows the job error and stays in the editor', async () => {
    const calls = splitApi({ status: 'error', product_ids: null, error: 'splitting needs an option with two values or more in stock' }, 2);
    const { router } = renderRoute(<EditorPage />, { path: '/app/products-import/editor/p1', route: ROUTE });
    fireEvent.click(await screen.findByTestId('editor-split'));
    fireEvent.click(await screen.findByTestId('split-confirm'));
    expect((await screen.findByTestId('split-error', {}, { timeout: 5000 })).textContent).toContain('two values or more');
    expect(router.state.location.pathname).toBe('/app/products-import/editor/p1');
    expect(calls.filter((c) => c.path === 'center/products/unmapped/tracking-split-status/41')).toHaveLength(2);
  });

  it('offers no split for a product without an option of two values', async () => {
    mockApi((c) =>
      c.path === 'center/products/import/p1'
        ? { data: makeImported({ options: [{ name: 'Color', values: ['Red'] }], variants: makeImported().variants.slice(0, 1) }) }
        : undefined,
    );
    renderRoute(<EditorPage />, { path: '/app/products-import/editor/p1', route: ROUTE });
    await screen.findByTestId('editor-page');
    expect(screen.queryByTestId('editor-split')).toBeNull();
  });
});
