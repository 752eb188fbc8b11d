import useSWR from 'swr';
import { api } from '@/lib/api';
import type { SseEvent } from '@/lib/sse';
import type { AiSettings, AiSettingsInput, ContentStyle, Tone } from '@/types/api.gen';

export const AI_SETTINGS_KEY = 'core/workplaces/settings/ai-writing/get';

export const STYLES = ['highlight', 'simple', 'minimalism', 'storytelling'] as const;
export const TONES = ['persuasive', 'expert', 'daring', 'playful', 'sophisticated', 'supportive'] as const;
/** The nine languages AI writes in, named in their own language (not translated). */
export const WRITING_LANGUAGES: readonly (readonly [string, string])[] = [
  ['en', 'English'],
  ['ar', 'العربية'],
  ['de', 'Deutsch'],
  ['es', 'Español'],
  ['fr', 'Français'],
  ['it', 'Italiano'],
  ['nl', 'Nederlands'],
  ['pt-BR', 'Português (Brasil)'],
  ['zh-CN', '简体中文'],
];

/** The workspace's AI writing service; the key itself is never sent back, only `api_key_set`. */
export function useAiSettings() {
  return useSWR<AiSettings>(AI_SETTINGS_KEY);
}

export const saveAiSettings = (input: AiSettingsInput) => api.post<AiSettings>('core/workplaces/settings/ai-writing/update', input);

/** Writes the product's listing, streamed: `delta` events `{field, text}` as the model writes,
 * then `done` with the suggestion or `error` with `{message}`; nothing is saved until applied. */
export const streamWriting = (
  productId: string,
  voice: { style: ContentStyle; tone: Tone; language: string },
  onEvent: (e: SseEvent) => void,
) => api.stream(`center/products/import/${productId}/ai-write/stream`, voice, onEvent);
