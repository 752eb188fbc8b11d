import { Alert, Button, Field, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { messageOf } from '@/lib/api';
import { isValidUrl, withScheme } from '@/lib/url';
import { PageHeader } from '@/components/ui/list-page';
import { startInspection, useInspection } from '../api/inspect';
import { InspectionResultView } from './inspection-result';

/** /app/store-analytics: scan a store's public page for its theme, apps and products. */
export function InspectionPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.storeAnalytics'));
  const [params, setParams] = useSearchParams();
  const id = params.get('scan');
  const [url, setUrl] = useState('');
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const { data, error } = useInspection(id);
  const invalid = url.trim() !== '' && !isValidUrl(url);
  const running = Boolean(id) && (!data || data.status === 'processing') && !error;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!url.trim() || invalid) return;
    setStarting(true);
    setStartError(null);
    const res = await startInspection(withScheme(url));
    setStarting(false);
    if (res.success && res.data?.id) setParams({ scan: String(res.data.id) });
    else setStartError(messageOf(res) || t('inspection.failed'));
  }

  const failure =
    startError ??
    (data?.status === 'error' ? data.error || t('inspection.failed') : error ? error.message || t('inspection.failed') : null);

  return (
    <Stack gap="6" maxW="6xl" data-testid="inspection-page">
      <PageHeader title={t('pages.storeAnalytics')} subtitle={t('inspection.subtitle')} />
      <Stack as="form" onSubmit={submit} bg="bg" borderWidth="1px" borderRadius="xl" p="5" gap="3">
        <Field.Root invalid={invalid}>
          <Field.Label>{t('inspection.urlLabel')}</Field.Label>
          <HStack w="full" gap="3" align="start" wrap={{ base: 'wrap', sm: 'nowrap' }}>
            <Input
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              placeholder={t('inspection.placeholder')}
              dir="ltr"
              data-testid="inspection-url"
            />
            <Button
              type="submit"
              colorPalette="teal"
              loading={starting}
              disabled={!url.trim() || invalid || running}
              data-testid="inspection-submit"
            >
              {t('inspection.scan')}
            </Button>
          </HStack>
          {invalid ? (
            <Field.ErrorText>{t('inspection.invalidUrl')}</Field.ErrorText>
          ) : (
            <Field.HelperText>{t('inspection.help')}</Field.HelperText>
          )}
        </Field.Root>
      </Stack>
      {running ? (
        <HStack gap="3" data-testid="inspection-running">
          <Spinner color="teal.600" />
          <Text>{t('inspection.running', { url: data?.url ?? '' })}</Text>
        </HStack>
      ) : null}
      {failure && !running ? (
        <Alert.Root status="error" data-testid="inspection-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('inspection.failed')}</Alert.Title>
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {data?.status === 'success' && data.result ? <InspectionResultView result={data.result} url={data.url} /> : null}
    </Stack>
  );
}
