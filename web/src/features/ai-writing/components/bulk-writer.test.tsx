import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { renderRoute } from '@/test/render';
import { AiEnhancerPage } from './ai-enhancer-page';
import { ProductCopyPage } from './product-copy-page';

const settings = {
  configured: true,
  base_url: 'http://ai',
  model: 'm',
  api_key_set: false,
  style: 'simple',
  tone: 'expert',
  language: 'de',
};
const products = [
  { id: 'p1', title: 'Hoodie', image: null },
  { id: 'p2', title: 'Mug', image: null },
];

describe('bulk AI writing', () => {
  it('writes the chosen products in the chosen language and shows each one’s outcome', async () => {
    let polls = 0;
    const calls = mockApi((c) => {
      if (c.path === 'core/workplaces/settings/ai-writing/get') return { data: settings };
      if (c.path === 'center/products/import/listing') return { data: { total: 2, items: products } };
      if (c.path === 'center/products/ai-write') return { data: { ids: [11, 12] } };
      if (c.path === 'progress') {
        polls += 1;
        const done = polls > 1;
        return {
          data: {
            items: [
              {
                id: 11,
                kind: 'ai_write',
                status: done ? 'success' : 'processing',
                refs: { title: 'هودي دافئ' },
                created_at: '',
                updated_at: '',
              },
              {
                id: 12,
                kind: 'ai_write',
                status: done ? 'error' : 'processing',
                error: 'The AI service refused the API key',
                refs: {},
                created_at: '',
                updated_at: '',
              },
            ],
          },
        };
      }
      return undefined;
    });
    renderRoute(<AiEnhancerPage />, { path: '/app/ob-ai-enhancer' });
    const start = await screen.findByTestId('bulk-write-start');
    expect((start as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('bulk-write-language') as HTMLSelectElement).value).toBe('de');
    fireEvent.change(screen.getByTestId('bulk-write-language'), { target: { value: 'ar' } });
    fireEvent.click(screen.getByTestId('bulk-write-all'));
    expect(start.textContent).toBe('Write selected (2)');
    fireEvent.click(start);
    await waitFor(() => expect(calls.some((c) => c.path === 'center/products/ai-write')).toBe(true));
    expect(calls.find((c) => c.path === 'center/products/ai-write')!.body).toEqual({
      product_ids: ['p1', 'p2'],
      style: 'simple',
      tone: 'expert',
      language: 'ar',
    });
    await waitFor(() => expect(screen.getByTestId('bulk-write-summary').textContent).toBe('Written: 1 · Failed: 1'), { timeout: 15000 });
    const [written, failed] = screen.getAllByTestId('bulk-write-row');
    expect(written.getAttribute('data-state')).toBe('written');
    expect(within(written).getByTestId('bulk-write-result').textContent).toBe('هودي دافئ');
    expect(within(written).getByRole('link').getAttribute('href')).toBe('/app/products-import/editor/p1');
    expect(within(failed).getByTestId('bulk-write-result').textContent).toBe('The AI service refused the API key');
  });

  it('sends the owner to the settings when AI writing is not set up', async () => {
    mockApi((c) => {
      if (c.path === 'core/workplaces/settings/ai-writing/get') return { data: { ...settings, configured: false } };
      if (c.path === 'center/products/pushed') return { data: { total: 2, items: products } };
      return undefined;
    });
    renderRoute(<ProductCopyPage />, { path: '/app/setting/integration/product-copy' });
    const setup = await screen.findByTestId('bulk-write-setup');
    expect(within(setup).getByRole('link').getAttribute('href')).toBe('/app/setting/integration/ai-writing');
    expect(screen.queryByTestId('bulk-write-start')).toBeNull();
  });
});
