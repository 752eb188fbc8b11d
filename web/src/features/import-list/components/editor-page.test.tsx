import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { makeImported } from '@/test/products';
import { renderRoute } from '@/test/render';
import { EditorPage } from './editor-page';

const ROUTE = '/app/products-import/editor/:productCenterId';

describe('import list editor', () => {
  it('edits title, tags, an option value, a variant price and an image, then saves the payload with a SaveSuccess toast', async () => {
    const calls = mockApi((c) => {
      if (c.path === 'center/products/import/p1' && c.method === 'GET') return { data: makeImported() };
      if (c.path === 'center/products/import/p1' && c.method === 'PUT')
        return { data: { ...makeImported(), ...(c.body as object), variants: makeImported().variants } };
      return undefined;
    });
    renderRoute(<EditorPage />, { path: '/app/products-import/editor/p1', route: ROUTE });
    const title = (await screen.findByTestId('editor-title')) as HTMLInputElement;
    expect(title.value).toBe('Desk lamp');
    fireEvent.change(title, { target: { value: 'Bright desk lamp' } });
    fireEvent.change(screen.getByTestId('editor-tags-input'), { target: { value: 'office' } });
    fireEvent.keyDown(screen.getByTestId('editor-tags-input'), { key: 'Enter' });
    fireEvent.change(screen.getByTestId('editor-product-type'), { target: { value: 'Lamps' } });

    // Rename Blue to Navy (applied on blur, in every variant), remove size S.
    const blue = screen.getByTestId('option-value-0-1');
    fireEvent.change(blue, { target: { value: 'Navy' } });
    fireEvent.blur(blue);
    // Renamed and removed values of one option go in separate saves (the API renames by position).
    expect(screen.getByTestId('option-value-remove-0-0').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('option-save-first-0')).toBeTruthy();
    fireEvent.click(screen.getByTestId('option-value-remove-1-0'));
    expect((screen.getByTestId('option-value-1-0') as HTMLInputElement).readOnly).toBe(true);
    expect(screen.queryByTestId('variant-v1')).toBeNull();

    fireEvent.change(screen.getByTestId('variant-price-v2'), { target: { value: '24.9' } });
    fireEvent.change(screen.getByTestId('variant-compare-v4'), { target: { value: '39' } });
    expect(screen.getByTestId('variant-cost-v2').textContent).toContain('$5.00');
    // 24.90 less the 5.00 cost and 1.50 shipping, as the price is typed.
    expect(screen.getByTestId('variant-profit-v2').textContent).toBe('$18.40');
    expect(screen.getByTestId('variant-margin-v2').textContent).toBe('73.9%');
    fireEvent.click(screen.getByTestId('image-thumbnail-1'));

    fireEvent.click(screen.getByTestId('editor-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('center/products/import/p1');
    expect(put.headers.get('api-version')).toBe('v2');
    expect(put.body).toEqual({
      title: 'Bright desk lamp',
      description_html: '<p>Bright</p>',
      tags: ['lamp', 'office'],
      collections: [],
      product_type: 'Lamps',
      vendor: 'Acme',
      options: [
        { name: 'Color', values: ['Red', 'Navy'] },
        { name: 'Size', values: ['M'] },
      ],
      images: [
        { url: 'https://img.test/a.jpg', selected: true },
        { url: 'https://img.test/b.jpg', selected: true },
        { url: 'https://img.test/c.jpg', selected: false },
      ],
      thumbnail: 'https://img.test/b.jpg',
      video_url: null,
      variants: [
        { id: 'v2', options: { Color: 'Red', Size: 'M' }, price: 24.9, compare_at_price: null, enabled: true },
        { id: 'v4', options: { Color: 'Navy', Size: 'M' }, price: 13, compare_at_price: 39, enabled: true },
      ],
    });
    const toast = await screen.findByTestId('toast');
    expect(toast.getAttribute('data-type')).toBe('success');
    expect(toast.textContent).toContain('Saved successfully');
  });

  it("shows the supplier's video and removes it", async () => {
    const withVideo = makeImported({ video_url: 'https://v.test/1.webm' });
    const calls = mockApi((c) => {
      if (c.method === 'GET') return { data: withVideo };
      if (c.method === 'PUT') return { data: { ...withVideo, ...(c.body as object), variants: withVideo.variants } };
      return undefined;
    });
    renderRoute(<EditorPage />, { path: '/app/products-import/editor/p1', route: ROUTE });
    const card = await screen.findByTestId('editor-video');
    expect(card.querySelector('video')?.getAttribute('src')).toBe('https://v.test/1.webm');
    fireEvent.click(screen.getByTestId('editor-remove-video'));
    expect(screen.getByTestId('editor-no-video')).toBeTruthy();
    fireEvent.click(screen.getByTestId('editor-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect((calls.find((c) => c.method === 'PUT')!.body as { video_url: unknown }).video_url).toBeNull();
  });

  it('formats the description with the toolbar, saves it as HTML, and shows a loss as the price drops', async () => {
    const calls = mockApi((c) => {
      if (c.method === 'GET') return { data: makeImported() };
      if (c.method === 'PUT') return { data: { ...makeImported(), ...(c.body as object), variants: makeImported().variants } };
      return undefined;
    });
    renderRoute(<EditorPage />, { path: '/app/products-import/editor/p1', route: ROUTE });
    const description = await screen.findByTestId('editor-description');
    await waitFor(() => expect((description as unknown as { editor?: Editor }).editor).toBeTruthy());
    expect(description.getAttribute('contenteditable')).toBe('true');
    expect(description.textContent).toBe('Bright');
    act(() => {
      (description as unknown as { editor: Editor }).editor.commands.selectAll();
    });
    fireEvent.click(screen.getByTestId('editor-description-bold'));

    expect(screen.getByTestId('editor-currency-note').textContent).toContain('USD');
    fireEvent.change(screen.getByTestId('variant-price-v2'), { target: { value: '5' } });
    expect(screen.getByTestId('variant-profit-v2').textContent).toBe('-$1.50');
    expect(screen.getByTestId('variant-margin-v2').textContent).toBe('-30%');

    fireEvent.click(screen.getByTestId('editor-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect((calls.find((c) => c.method === 'PUT')!.body as { description_html: string }).description_html).toBe(
      '<p><strong>Bright</strong></p>',
    );
  });

  it('blocks saving without a price and keeps one variant enabled', async () => {
    const one = makeImported({ options: [], variants: [makeImported().variants[0]] });
    mockApi((c) => (c.method === 'GET' ? { data: one } : undefined));
    renderRoute(<EditorPage />, { path: '/app/products-import/editor/p1', route: ROUTE });
    fireEvent.change(await screen.findByTestId('variant-price-v1'), { target: { value: '' } });
    expect((screen.getByTestId('editor-save') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('editor-problem').textContent).toBe('Every price must be a number of 0 or more.');
    expect(screen.getByTestId('variant-enabled-v1').hasAttribute('data-disabled')).toBe(true);
  });

  it('deletes after confirmation and goes back to the list', async () => {
    const calls = mockApi((c) =>
      c.method === 'GET' ? { data: makeImported() } : c.path === 'center/products/import/delete' ? { data: { deleted: 1 } } : undefined,
    );
    const onDeleted = vi.fn();
    const { router } = renderRoute(<EditorPage onDeleted={onDeleted} />, { path: '/app/products-import/editor/p1', route: ROUTE });
    fireEvent.click(await screen.findByTestId('editor-delete'));
    fireEvent.click(await screen.findByTestId('editor-delete-dialog-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/products-import'));
    const del = calls.find((c) => c.path === 'center/products/import/delete')!;
    expect([del.method, del.body]).toEqual(['DELETE', { ids: ['p1'] }]);
    expect(onDeleted).toHaveBeenCalled();
  });
});
