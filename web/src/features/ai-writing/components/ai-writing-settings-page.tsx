import { Box, Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '@/components/page-states';
import { useDocumentTitle } from '@/components/use-document-title';
import { PageHeader } from '@/components/ui/list-page';
import { notify } from '@/lib/toaster';
import type { AiSettings, ContentStyle, Tone } from '@/types/api.gen';
import { STYLES, TONES, WRITING_LANGUAGES, saveAiSettings, useAiSettings } from '../api/settings';
import { OptionSelect } from './option-select';

/** Settings > Integrations > AI writing: the OpenAI-compatible service and the default voice. */
export function AiWritingSettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.aiWriting'));
  const { data, mutate } = useAiSettings();
  const [form, setForm] = useState<AiSettings | null>(null);
  const [key, setKey] = useState('');
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (data) setForm(data);
  }, [data]);
  if (!form) return <PageSpinner />;
  const set = (patch: Partial<AiSettings>) => setForm({ ...form, ...patch });

  const save = async (forgetKey = false) => {
    setSaving(true);
    try {
      const api_key = forgetKey ? '' : key.trim() || undefined;
      const res = await saveAiSettings({
        base_url: form.base_url,
        model: form.model,
        api_key,
        style: form.style,
        tone: form.tone,
        language: form.language,
      });
      // A refusal (a field's error) was already shown by the API client.
      if (res.success && res.data) {
        setKey('');
        await mutate(res.data, { revalidate: false });
        notify('success', t('aiWriting.saved'));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box maxW="2xl">
      <PageHeader title={t('pages.aiWriting')} />
      <Stack gap="4">
        <Text color="fg.muted">{t('aiWriting.intro')}</Text>
        <Field.Root>
          <Field.Label>{t('aiWriting.baseUrl')}</Field.Label>
          <Input
            value={form.base_url}
            onChange={(e) => set({ base_url: e.target.value })}
            data-testid="ai-base-url"
            placeholder="https://api.openai.com"
          />
          <Field.HelperText>{t('aiWriting.baseUrlHelp')}</Field.HelperText>
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('aiWriting.model')}</Field.Label>
          <Input value={form.model} onChange={(e) => set({ model: e.target.value })} data-testid="ai-model" placeholder="gpt-4o-mini" />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('aiWriting.apiKey')}</Field.Label>
          <Input type="password" autoComplete="off" value={key} onChange={(e) => setKey(e.target.value)} data-testid="ai-key" />
          <Field.HelperText data-testid="ai-key-state">
            {form.api_key_set ? t('aiWriting.apiKeySet') : t('aiWriting.apiKeyNone')}
          </Field.HelperText>
        </Field.Root>
        {form.api_key_set ? (
          <Button
            size="xs"
            variant="outline"
            alignSelf="start"
            onClick={() => void save(true)}
            disabled={saving}
            data-testid="ai-forget-key"
          >
            {t('aiWriting.forgetKey')}
          </Button>
        ) : null}
        <Text fontWeight="semibold">{t('aiWriting.defaults')}</Text>
        <OptionSelect
          label={t('aiWriting.style')}
          value={form.style}
          options={STYLES.map((s) => [s, t(`aiWriting.styles.${s}`)] as const)}
          onChange={(v) => set({ style: v as ContentStyle })}
          testId="ai-style"
        />
        <OptionSelect
          label={t('aiWriting.tone')}
          value={form.tone}
          options={TONES.map((s) => [s, t(`aiWriting.tones.${s}`)] as const)}
          onChange={(v) => set({ tone: v as Tone })}
          testId="ai-tone"
        />
        <OptionSelect
          label={t('aiWriting.language')}
          value={form.language}
          options={WRITING_LANGUAGES}
          onChange={(v) => set({ language: v })}
          testId="ai-language"
        />
        <Button colorPalette="teal" alignSelf="start" onClick={() => void save()} loading={saving} data-testid="ai-save">
          {t('aiWriting.save')}
        </Button>
      </Stack>
    </Box>
  );
}
