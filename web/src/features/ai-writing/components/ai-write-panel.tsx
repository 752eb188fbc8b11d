import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentStyle, Suggestion, Tone } from '@/types/api.gen';
import { STYLES, TONES, WRITING_LANGUAGES, useAiSettings, writeProduct } from '../api/settings';
import { OptionSelect } from './option-select';

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
  if (!settings?.configured) return null;
  const style = choice.style ?? settings.style;
  const tone = choice.tone ?? settings.tone;
  const language = choice.language ?? settings.language;

  const write = async () => {
    setBusy(true);
    try {
      const res = await writeProduct(productId, { style, tone, language });
      if (res.success && res.data) setResult(res.data);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="3" borderWidth="1px" borderRadius="lg" p="4" data-testid="ai-panel">
      <Text fontWeight="semibold">{t('aiWriting.panel.title')}</Text>
      <HStack gap="2" wrap="wrap">
        <OptionSelect
          compact
          label={t('aiWriting.style')}
          value={style}
          options={STYLES.map((s) => [s, t(`aiWriting.styles.${s}`)] as const)}
          onChange={(v) => setChoice({ ...choice, style: v as ContentStyle })}
          testId="ai-panel-style"
        />
        <OptionSelect
          compact
          label={t('aiWriting.tone')}
          value={tone}
          options={TONES.map((s) => [s, t(`aiWriting.tones.${s}`)] as const)}
          onChange={(v) => setChoice({ ...choice, tone: v as Tone })}
          testId="ai-panel-tone"
        />
        <OptionSelect
          compact
          label={t('aiWriting.language')}
          value={language}
          options={WRITING_LANGUAGES}
          onChange={(v) => setChoice({ ...choice, language: v })}
          testId="ai-panel-language"
        />
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
