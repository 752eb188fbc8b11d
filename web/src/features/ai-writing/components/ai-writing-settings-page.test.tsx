import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { renderRoute } from '@/test/render';
import { AiWritingSettingsPage } from './ai-writing-settings-page';

const saved = {
  configured: true,
  base_url: 'https://api.openai.com',
  model: 'gpt-4o-mini',
  api_key_set: true,
  style: 'highlight',
  tone: 'persuasive',
  language: 'en',
};

describe('AI writing settings', () => {
  it('shows that a key is saved without showing it, and saves a new model, style and language keeping the key', async () => {
    const calls = mockApi((c) => {
      if (c.path === 'core/workplaces/settings/ai-writing/get') return { data: saved };
      if (c.path === 'core/workplaces/settings/ai-writing/update') return { data: { ...saved, ...(c.body as object), api_key_set: true } };
      return undefined;
    });
    renderRoute(<AiWritingSettingsPage />, { path: '/app/setting/integration/ai-writing' });
    expect((await screen.findByTestId('ai-key-state')).textContent).toBe('A key is saved. Leave this empty to keep it.');
    expect((screen.getByTestId('ai-key') as HTMLInputElement).value).toBe('');

    fireEvent.change(screen.getByTestId('ai-model'), { target: { value: 'llama3.1' } });
    fireEvent.change(screen.getByTestId('ai-style'), { target: { value: 'storytelling' } });
    fireEvent.change(screen.getByTestId('ai-language'), { target: { value: 'ar' } });
    expect(screen.getByRole('option', { name: 'Storytelling' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('ai-save'));
    await waitFor(() => expect(calls.some((c) => c.path === 'core/workplaces/settings/ai-writing/update')).toBe(true));
    const post = calls.find((c) => c.path === 'core/workplaces/settings/ai-writing/update')!;
    expect(post.method).toBe('POST');
    expect(post.body).toEqual({
      base_url: 'https://api.openai.com',
      model: 'llama3.1',
      style: 'storytelling',
      tone: 'persuasive',
      language: 'ar',
    });
  });

  it('forgets the saved key with an empty key', async () => {
    const calls = mockApi((c) => {
      if (c.path === 'core/workplaces/settings/ai-writing/get') return { data: saved };
      if (c.path === 'core/workplaces/settings/ai-writing/update') return { data: { ...saved, api_key_set: false } };
      return undefined;
    });
    renderRoute(<AiWritingSettingsPage />, { path: '/app/setting/integration/ai-writing' });
    fireEvent.click(await screen.findByTestId('ai-forget-key'));
    await waitFor(() => expect(screen.getByTestId('ai-key-state').textContent).toBe('No key saved. Your own server may need none.'));
    const post = calls.find((c) => c.path === 'core/workplaces/settings/ai-writing/update')!;
    expect((post.body as { api_key: string }).api_key).toBe('');
  });
});
