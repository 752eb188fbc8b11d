import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { renderRoute } from '@/test/render';
import { AiWritePanel } from './ai-write-panel';

const settings = {
  configured: true,
  base_url: 'https://api.openai.com',
  model: 'gpt-4o-mini',
  api_key_set: true,
  style: 'highlight',
  tone: 'expert',
  language: 'en',
};

describe('Write with AI panel', () => {
  it('streams the writing in the chosen style and language, shows the suggestion, and applies it to the draft', async () => {
    const suggestion = {
      title: 'سترة دافئة',
      description_html: '<p>ناعمة</p>',
      tags: ['شتاء', 'دافئ'],
      seo_title: 'سترة',
      seo_description: 'سترة دافئة للأطفال',
      language: 'ar',
      quota: { isOutQuota: false, limit: 5, usage: 1 },
    };
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    const streamed: URL[] = [];
    mockApi((c) => (c.path === 'core/workplaces/settings/ai-writing/get' ? { data: settings } : undefined));
    const json = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (!url.pathname.endsWith('/ai-write/stream')) return json(input, init);
      streamed.push(url);
      const enc = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        async start(ctl) {
          ctl.enqueue(enc.encode('event: delta\ndata: {"field":"title","text":"سترة "}\n\n'));
          await held;
          ctl.enqueue(
            enc.encode(`event: delta\ndata: {"field":"title","text":"دافئة"}\n\nevent: done\ndata: ${JSON.stringify(suggestion)}\n\n`),
          );
          ctl.close();
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    });
    const onApply = vi.fn();
    renderRoute(<AiWritePanel productId="p1" onApply={onApply} />, { path: '/app/products-import/editor/p1' });
    fireEvent.change(await screen.findByTestId('ai-panel-language'), { target: { value: 'ar' } });
    fireEvent.change(screen.getByTestId('ai-panel-style'), { target: { value: 'storytelling' } });
    fireEvent.click(screen.getByTestId('ai-panel-write'));
    expect((await screen.findByTestId('ai-panel-live')).textContent).toBe('سترة ');
    release();
    expect((await screen.findByTestId('ai-panel-title')).textContent).toBe('سترة دافئة');
    expect(screen.getByTestId('ai-panel-result').getAttribute('dir')).toBe('rtl');
    expect(Object.fromEntries(streamed[0].searchParams)).toEqual({ style: 'storytelling', tone: 'expert', language: 'ar' });
    fireEvent.click(screen.getByTestId('ai-panel-apply'));
    expect(onApply).toHaveBeenCalledWith({ title: 'سترة دافئة', description_html: '<p>ناعمة</p>', tags: ['شتاء', 'دافئ'] });
  });

  it('is not offered until AI writing is set up', async () => {
    const calls = mockApi((c) =>
      c.path === 'core/workplaces/settings/ai-writing/get' ? { data: { ...settings, configured: false } } : undefined,
    );
    renderRoute(<AiWritePanel productId="p1" onApply={() => {}} />, { path: '/app/products-import/editor/p1' });
    await waitFor(() => expect(calls.some((c) => c.path === 'core/workplaces/settings/ai-writing/get')).toBe(true));
    expect(screen.queryByTestId('ai-panel')).toBeNull();
  });
});
