import { Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { notify } from '@/lib/toaster';
import type { LinkedStore } from '@/types/api';
import { PageHeader } from '@/components/ui/list-page';
import { useRefreshStores } from '../api/stores';
import { useCurrentShop } from '../api/use-current-shop';
import { woocommerceReturn } from '../lib/return-params';
import { ChannelSettingsDialog, type SettingsTarget } from './channel-settings-dialog';
import { SalesChannelsSection } from './sales-channels-section';
import { StoresSection } from './stores-section';

/** Locations whose WooCommerce return was handled (effects may run twice). */
const handledReturns = new Set<string>();

/** /app/channel and /app/setting/channel: stores, sales channels and what is coming. */
export function ChannelPage({ linkedStores }: { linkedStores?: Record<string, LinkedStore[] | undefined> }) {
  const { t } = useTranslation();
  const { search, pathname, key } = useLocation();
  const navigate = useNavigate();
  const refreshStores = useRefreshStores();
  const { stores, current, isLoading } = useCurrentShop();
  const [settings, setSettings] = useState<SettingsTarget | null>(null);
  useDocumentTitle(t('pages.channel'));

  // WooCommerce sends the browser back here once the key grant is approved or refused.
  useEffect(() => {
    const params = new URLSearchParams(search);
    const result = woocommerceReturn(params);
    if (!result || handledReturns.has(key)) return;
    handledReturns.add(key);
    if (result === 'success') notify('success', t('channels.connect.wooApproved'));
    else notify('error', t('channels.connect.wooRefused'));
    void refreshStores();
    // `user_id` carries the (spent) install state: it does not stay in the address bar.
    for (const name of ['platform', 'success', 'user_id']) params.delete(name);
    const rest = params.toString();
    navigate(`${pathname}${rest ? `?${rest}` : ''}`, { replace: true });
  }, [search, pathname, key, navigate, refreshStores, t]);

  return (
    <Stack gap="8" maxW="6xl" data-testid="channel-page">
      <PageHeader title={t('pages.channel')} subtitle={t('channels.subtitle')} />
      <StoresSection
        stores={stores}
        loading={isLoading}
        currentId={current?.id}
        linked={linkedStores}
        onSettings={(store) => setSettings({ kind: 'store', store })}
      />
      <SalesChannelsSection stores={stores} onSettings={(channel) => setSettings({ kind: 'channel', channel })} />
      <ChannelSettingsDialog target={settings} onClose={() => setSettings(null)} />
    </Stack>
  );
}
