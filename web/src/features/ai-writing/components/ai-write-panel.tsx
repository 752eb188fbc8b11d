import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentStyle, Suggestion, Tone } from '@/types/api.gen';
import { notify } from '@/lib/toaster';
import { streamWriting, useAiSettings } from '../api/settings';
import { VoiceSelects } from './voice-selects';

export interface AiPatch {
  title?: string;
  description_html?: string;
  tags?: string[];
}

/** "Write with AI" in the editor: shown once the workspace set AI writing up; the owner reads
 * the suggestion before applying it to the title, description and tags (SEO text is shown). */
export function AiWritePanel({ productId, onApply }: { productId: string; onApply: (patch: AiPatch) => void }) {
  const { t } = useTranslation();
  const { data: settings } = useAiSettings();
  const [choice, setChoice] = useState<{ style?: ContentStyle; tone?: Tone; language?: string }>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Suggestion | null>(null);
  // What the model has written so far, per part, while it streams.
  const [live, setLive] = useState<Record<string, string>>({});
  if (!settings?.configured) return null;
  const style = choice.style ?? settings.style;
  const tone = choice.tone ?? settings.tone;
  const language = choice.language ?? settings.language;

  const write = async () => {
    setBusy(true);
    setResult(null);
    setLive({});
    let failure: string | null = null;
    try {
      await streamWriting(productId, { style, tone, language }, (e) => {
        if (e.event === 'delta') {
          const d = JSON.parse(e.data) as { field: string; text: string };
          setLive((l) => ({ ...l, [d.field]: (l[d.field] ?? '') + d.text }));
        } else if (e.event === 'done') setResult(JSON.parse(e.data) as Suggestion);
        else if (e.event === 'error') failure = (JSON.parse(e.data) as { message: string }).message;
      });
      if (failure) notify('error', failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="3" borderWidth="1px" borderRadius="lg" p="4" data-testid="ai-panel">
      <Text fontWeight="semibold">{t('aiWriting.panel.title')}</Text>
      <HStack gap="2" wrap="wrap">
        <VoiceSelects compact voice={{ style, tone, language }} onChange={setChoice} testId="ai-panel" />
        <Button
          size="xs"
          colorPalette="teal"
          onClick={() => void write()}
          loading={busy}
          loadingText={t('aiWriting.panel.writing')}
          data-testid="ai-panel-write"
        >
          {t('aiWriting.panel.write')}
        </Button>
      </HStack>
      {busy && !result && Object.keys(live).length > 0 ? (
        <Stack gap="1" fontSize="sm" color="fg.muted" data-testid="ai-panel-live" dir={language === 'ar' ? 'rtl' : undefined}>
          {Object.entries(live).map(([field, text]) => (
            <Text key={field} whiteSpace="pre-wrap" lineClamp={4}>
              {text}
            </Text>
          ))}
        </Stack>
      ) : null}
      {result ? (
        <Stack gap="2" data-testid="ai-panel-result" dir={language === 'ar' ? 'rtl' : undefined}>
          <Text fontWeight="semibold" data-testid="ai-panel-title">
            {result.title}
          </Text>
          {/* Cleaned by the server (clean_html) before it is answered. */}
          <Box fontSize="sm" dangerouslySetInnerHTML={{ __html: result.description_html ?? '' }} />
          <Text fontSize="sm" color="fg.muted">
            {(result.tags ?? []).join(', ')}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {t('aiWriting.panel.seo')}: {result.seo_title} — {result.seo_description}
          </Text>
          <Button
            size="xs"
            alignSelf="start"
            onClick={() =>
              onApply({
                title: result.title ?? undefined,
                description_html: result.description_html ?? undefined,
                tags: result.tags ?? undefined,
              })
            }
            data-testid="ai-panel-apply"
          >
            {t('aiWriting.panel.apply')}
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
