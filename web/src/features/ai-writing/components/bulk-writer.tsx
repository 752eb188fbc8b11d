import { Alert, Badge, Box, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageSpinner } from '@/components/page-states';
import { EmptyState, RowCheckbox } from '@/components/ui/list-page';
import { ProductThumb } from '@/components/ui/product-thumb';
import { BULK_MAX, type WritableSource, startBulkWrite, useWritableProducts, useWriteProgress } from '../api/bulk';
import { useAiSettings } from '../api/settings';
import { rowState, toggleAll } from '../lib/bulk';
import { type Voice, VoiceSelects } from './voice-selects';

export const AI_SETTINGS_PATH = '/app/setting/integration/ai-writing';

export interface BulkWriterProps {
  source: WritableSource;
  /** Where a written product is opened (its editor). */
  editorPath: (id: string) => string;
  /** Where products come from when the list is empty. */
  empty: { message: string; label: string; to: string };
}

/** Choose products, a style, tone and language, and have the model write and save their titles,
 * descriptions and tags; each row follows its own job. */
export function BulkWriter({ source, editorPath, empty }: BulkWriterProps) {
  const { t } = useTranslation();
  const { data: settings } = useAiSettings();
  const { data: list } = useWritableProducts(source);
  const [voice, setVoice] = useState<Voice | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [jobs, setJobs] = useState<Record<string, string>>({});
  const [starting, setStarting] = useState(false);
  const ids = Object.values(jobs);
  const { items } = useWriteProgress(ids);
  if (!settings || !list) return <PageSpinner />;
  if (!settings.configured) {
    return (
      <Alert.Root status="info" data-testid="bulk-write-setup" maxW="2xl">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('aiWriting.bulk.setupTitle')}</Alert.Title>
          <Alert.Description>
            <Link asChild colorPalette="teal">
              <RouterLink to={AI_SETTINGS_PATH}>{t('aiWriting.bulk.setupLink')}</RouterLink>
            </Link>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  if (list.items.length === 0)
    return <EmptyState testId="bulk-write-empty" message={empty.message} action={{ label: empty.label, to: empty.to }} />;
  const chosen = voice ?? { style: settings.style, tone: settings.tone, language: settings.language };
  const byId = new Map((items ?? []).map((i) => [String(i.id), i]));
  const states = list.items.map((p) => rowState(byId.get(jobs[p.id] ?? ''), p.id in jobs));
  const running = states.some((s) => s.state === 'writing');
  const writtenCount = states.filter((s) => s.state === 'written').length;
  const failedCount = states.filter((s) => s.state === 'failed').length;

  const start = async () => {
    setStarting(true);
    try {
      const productIds = [...selected];
      const res = await startBulkWrite({ product_ids: productIds, ...chosen });
      if (res.success && res.data) {
        const started = res.data.ids;
        setJobs((j) => ({ ...j, ...Object.fromEntries(productIds.map((id, n) => [id, String(started[n])])) }));
        setSelected(new Set());
      }
    } finally {
      setStarting(false);
    }
  };

  return (
    <Stack gap="4" maxW="4xl">
      <HStack gap="3" wrap="wrap" align="end">
        <VoiceSelects voice={chosen} onChange={setVoice} testId="bulk-write" />
      </HStack>
      <HStack gap="3" wrap="wrap">
        <Button
          size="sm"
          variant="outline"
          onClick={() =>
            setSelected(
              toggleAll(
                list.items.map((p) => p.id),
                selected,
                BULK_MAX,
              ),
            )
          }
          data-testid="bulk-write-all"
        >
          {t('aiWriting.bulk.selectAll')}
        </Button>
        <Button
          size="sm"
          colorPalette="teal"
          disabled={selected.size === 0 || running}
          loading={starting}
          onClick={() => void start()}
          data-testid="bulk-write-start"
        >
          {t('aiWriting.bulk.write', { count: selected.size })}
        </Button>
        {ids.length > 0 ? (
          <Text fontSize="sm" color="fg.muted" data-testid="bulk-write-summary">
            {t('aiWriting.bulk.summary', { written: writtenCount, failed: failedCount })}
          </Text>
        ) : null}
      </HStack>
      <Stack gap="2" as="ul" data-testid="bulk-write-list">
        {list.items.map((p, n) => {
          const s = states[n];
          return (
            <HStack
              as="li"
              key={p.id}
              gap="3"
              bg="bg"
              borderWidth="1px"
              borderRadius="lg"
              p="3"
              data-testid="bulk-write-row"
              data-state={s.state}
            >
              <RowCheckbox
                checked={selected.has(p.id)}
                onChange={(on) => setSelected((cur) => (on ? new Set(cur).add(p.id) : new Set([...cur].filter((x) => x !== p.id))))}
                label={p.title}
                testId="bulk-write-check"
              />
              <ProductThumb src={p.image} size="12" />
              <Box flex="1" minW="0">
                <Text lineClamp={1}>{p.title}</Text>
                {s.text ? (
                  <Text
                    fontSize="sm"
                    color={s.state === 'failed' ? 'fg.error' : 'fg.muted'}
                    lineClamp={2}
                    data-testid="bulk-write-result"
                    dir="auto"
                  >
                    {s.text}
                  </Text>
                ) : null}
              </Box>
              {s.state !== 'idle' ? (
                <Badge colorPalette={s.state === 'written' ? 'green' : s.state === 'failed' ? 'red' : 'gray'}>
                  {t(`aiWriting.bulk.states.${s.state}`)}
                </Badge>
              ) : null}
              {s.state === 'written' ? (
                <Link asChild fontSize="sm" colorPalette="teal">
                  <RouterLink to={editorPath(p.id)}>{t('aiWriting.bulk.open')}</RouterLink>
                </Link>
              ) : null}
            </HStack>
          );
        })}
      </Stack>
    </Stack>
  );
}
