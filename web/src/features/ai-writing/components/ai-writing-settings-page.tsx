import { Box, Button, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageSpinner } from '@/components/page-states';
import { useDocumentTitle } from '@/components/use-document-title';
import { PageHeader } from '@/components/ui/list-page';
import { notify } from '@/lib/toaster';
import type { AiSettings } from '@/types/api.gen';
import { saveAiSettings, useAiSettings } from '../api/settings';
import { VoiceSelects } from './voice-selects';

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
        <VoiceSelects voice={form} onChange={(v) => set(v)} testId="ai" />
        <Button colorPalette="teal" alignSelf="start" onClick={() => void save()} loading={saving} data-testid="ai-save">
          {t('aiWriting.save')}
        </Button>
        {data?.configured ? (
          <Stack gap="1" data-testid="ai-bulk-links">
            <Text fontWeight="semibold">{t('aiWriting.bulk.manyTitle')}</Text>
            <Link asChild colorPalette="teal">
              <RouterLink to="/app/ob-ai-enhancer">{t('aiWriting.bulk.enhancerLink')}</RouterLink>
            </Link>
            <Link asChild colorPalette="teal">
              <RouterLink to="/app/setting/integration/product-copy">{t('aiWriting.bulk.copyLink')}</RouterLink>
            </Link>
          </Stack>
        ) : null}
      </Stack>
    </Box>
  );
}
