import { DialogShell } from '@/components/ui/dialog-shell';
import { Separator, Skeleton, Stack } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/toaster';
import type { ChannelSettings, SalesChannelId, Store } from '@/types/api';
import { updateChannelSettings, useChannelSettings, useTiktokWarehouses } from '../api/settings';
import { usePublications } from '../api/stores';
import { pickWarehouse, withDefaults } from '../lib/channel-settings';
import { BRANDS } from '../lib/platforms';
import { ChannelLogo } from './channel-logo';
import { PublicationFields, TiktokFields, ToggleFields } from './settings-fields';

export type SettingsTarget = { kind: 'store'; store: Store } | { kind: 'channel'; channel: SalesChannelId };

/** Channel settings panel of a connected store or sales channel. */
export function ChannelSettingsDialog({ target, onClose }: { target: SettingsTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const key = target ? (target.kind === 'store' ? target.store.id : target.channel) : null;
  const isTiktok = target?.kind === 'channel' && target.channel === 'tiktok';
  const shopifyStore = target?.kind === 'store' && target.store.platform === 'shopify' ? target.store : null;
  const { data, isLoading, mutate } = useChannelSettings(Boolean(target));
  const warehouses = useTiktokWarehouses(isTiktok);
  const publications = usePublications(shopifyStore?.id ?? null);
  const [value, setValue] = useState<ChannelSettings | null>(null);
  const [saving, setSaving] = useState(false);
  const abort = useRef<AbortController | null>(null);

  const warehouseList = warehouses.data?.warehouses;
  const waiting = isLoading || (isTiktok && warehouses.isLoading);
  useEffect(() => {
    if (!key || waiting) {
      setValue(null);
      return;
    }
    const next = withDefaults(data?.channels?.[key], { tiktok: isTiktok });
    if (isTiktok) next.warehouse_id = pickWarehouse(warehouseList ?? [], next.warehouse_id);
    setValue(next);
  }, [key, waiting, data, isTiktok, warehouseList]);

  useEffect(() => () => abort.current?.abort(), []);

  if (!target) return null;
  const logo = target.kind === 'store' ? target.store.platform : target.channel;
  const title = target.kind === 'store' ? target.store.name || target.store.platform_domain : BRANDS[target.channel].name;

  async function save() {
    if (!value || !target) return;
    abort.current?.abort();
    abort.current = new AbortController();
    setSaving(true);
    const res = await updateChannelSettings(
      target.kind === 'store'
        ? { channel: target.store.platform, store_id: target.store.id, settings: value }
        : { channel: target.channel, settings: value },
      abort.current.signal,
    );
    setSaving(false);
    if (res.success) {
      const saved = res.data?.settings ?? value;
      await mutate((old) => ({ channels: { ...(old?.channels ?? {}), [key!]: saved } }), { revalidate: false });
      notify('success', t('channels.settings.saved'));
      onClose();
    }
  }

  return (
    <DialogShell
      onClose={onClose}
      scrollBehavior="inside"
      icon={<ChannelLogo id={logo} size={8} />}
      title={t('channels.settings.title', { name: title })}
      testId="channel-settings-dialog"
      action={{ label: t('common.save'), onClick: () => void save(), loading: saving, disabled: !value, testId: 'channel-settings-save' }}
    >
      {!value ? (
        <Skeleton h="40" />
      ) : (
        <Stack gap="5">
          <ToggleFields value={value} onChange={setValue} />
          {shopifyStore ? (
            <>
              <Separator />
              <PublicationFields
                value={value}
                onChange={setValue}
                publications={publications.data?.publications ?? []}
                loading={publications.isLoading}
              />
            </>
          ) : null}
          {isTiktok ? (
            <>
              <Separator />
              <TiktokFields value={value} onChange={setValue} warehouses={warehouseList ?? []} loading={false} />
            </>
          ) : null}
        </Stack>
      )}
    </DialogShell>
  );
}
