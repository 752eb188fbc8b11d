import { Box, Button, ButtonGroup, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '@/components/page-states';
import { useDocumentTitle } from '@/components/use-document-title';
import { messageOf } from '@/lib/api';
import { notify } from '@/lib/toaster';
import type { AutoUpdateSettings } from '@/types/push';
import { PageHeader } from '@/components/ui/list-page';
import { LabelledSwitch } from '@/components/ui/labelled-switch';
import { SyncButton } from '@/components/ui/sync-button';
import { saveAutoUpdate, useAutoUpdate } from '../api/product-center';
import { useSyncNow } from '../api/use-sync-now';
import { INTERVAL_CHOICES, completeAutoUpdate } from '../lib/sync-state';
import { RelativeTime } from '@/components/relative-time';

type Flag = 'is_enable' | 'update_price' | 'notify_sku_removed' | 'switch_supplier';

function Toggle({
  value,
  flag,
  onChange,
  disabled,
}: {
  value: AutoUpdateSettings;
  flag: Flag;
  onChange: (v: AutoUpdateSettings) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <LabelledSwitch
      checked={value[flag]}
      disabled={disabled}
      onChange={(on) => onChange({ ...value, [flag]: on })}
      label={t(`autoUpdate.${flag}`)}
      help={t(`autoUpdate.${flag}Help`)}
      testId={`auto-update-${flag}`}
    />
  );
}

function Choice<K extends 'price_rule' | 'out_of_stock'>({
  value,
  field,
  options,
  onChange,
  disabled,
}: {
  value: AutoUpdateSettings;
  field: K;
  options: readonly AutoUpdateSettings[K][];
  onChange: (v: AutoUpdateSettings) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="1.5">
      <Text fontWeight="medium">{t(`autoUpdate.${field}`)}</Text>
      <ButtonGroup size="sm" attached variant="outline">
        {options.map((option) => (
          <Button
            key={option}
            variant={value[field] === option ? 'solid' : 'outline'}
            colorPalette={value[field] === option ? 'teal' : 'gray'}
            aria-pressed={value[field] === option}
            disabled={disabled}
            onClick={() => onChange({ ...value, [field]: option })}
            data-testid={`auto-update-${field}-${option}`}
          >
            {t(`autoUpdate.options.${option}`)}
          </Button>
        ))}
      </ButtonGroup>
    </Stack>
  );
}

function Section({ children }: { children: ReactNode }) {
  return (
    <Stack gap="5" bg="bg" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }} as="section">
      {children}
    </Stack>
  );
}

/** /app/products/auto-update: how supplier changes reach the pushed products, and a sync now. */
export function AutoUpdatePage() {
  const { t } = useTranslation();
  const { data, error, mutate } = useAutoUpdate();
  const [value, setValue] = useState<AutoUpdateSettings | null>(null);
  const [saving, setSaving] = useState(false);
  const sync = useSyncNow(() => void mutate());
  useDocumentTitle(t('pages.autoUpdate'));

  useEffect(() => {
    if (data && !value) setValue(completeAutoUpdate(data.settings));
  }, [data, value]);

  if (!value) {
    if (error) {
      return (
        <Text color="fg.error" data-testid="auto-update-error">
          {error.message || t('autoUpdate.loadFailed')}
        </Text>
      );
    }
    return <PageSpinner />;
  }

  async function save() {
    if (!value) return;
    setSaving(true);
    const res = await saveAutoUpdate(value);
    setSaving(false);
    if (!res.success) return notify('error', messageOf(res) || t('autoUpdate.saveFailed'));
    const raw = res.data as AutoUpdateSettings | { settings: AutoUpdateSettings } | null;
    const saved = completeAutoUpdate(raw && 'settings' in raw ? raw.settings : (raw ?? value));
    setValue(saved);
    await mutate((current) => ({ last_run_at: current?.last_run_at ?? null, settings: saved }), { revalidate: false });
    notify('success', t('autoUpdate.saved'));
  }

  const off = !value.is_enable;
  return (
    <Stack gap="6" maxW="4xl" data-testid="auto-update-page">
      <PageHeader title={t('pages.autoUpdate')} subtitle={t('autoUpdate.subtitle')}>
        <SyncButton
          syncing={sync.syncing}
          onStart={() => void sync.start()}
          label={t('productCenter.syncNow')}
          loadingText={t('productCenter.syncing')}
          testId="auto-update-sync-now"
        />
      </PageHeader>
      <Text fontSize="sm" color="fg.muted" data-testid="auto-update-last-run">
        {t('autoUpdate.lastRun')} {data?.last_run_at ? <RelativeTime iso={data.last_run_at} /> : t('autoUpdate.never')}
      </Text>
      <Section>
        <Toggle value={value} flag="is_enable" onChange={setValue} />
        <Stack gap="1.5" opacity={off ? 0.6 : 1}>
          <Text fontWeight="medium">{t('autoUpdate.interval_hours')}</Text>
          <NativeSelect.Root size="sm" maxW="48" disabled={off}>
            <NativeSelect.Field
              value={String(value.interval_hours)}
              onChange={(e) => setValue({ ...value, interval_hours: Number(e.target.value) })}
              data-testid="auto-update-interval"
            >
              {[...new Set([...INTERVAL_CHOICES, value.interval_hours])].map((h) => (
                <option key={h} value={h}>
                  {t('autoUpdate.everyHours', { count: h })}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Stack>
      </Section>
      <Section>
        <Toggle value={value} flag="update_price" onChange={setValue} disabled={off} />
        {value.update_price ? (
          <Choice value={value} field="price_rule" options={['pricing_rule', 'keep_margin'] as const} onChange={setValue} disabled={off} />
        ) : null}
        <Choice value={value} field="out_of_stock" options={['set_zero', 'unpublish'] as const} onChange={setValue} disabled={off} />
        <Toggle value={value} flag="notify_sku_removed" onChange={setValue} disabled={off} />
        <Toggle value={value} flag="switch_supplier" onChange={setValue} disabled={off} />
      </Section>
      <Box>
        <Button colorPalette="teal" onClick={() => void save()} loading={saving} data-testid="auto-update-save">
          {t('common.save')}
        </Button>
      </Box>
    </Stack>
  );
}
