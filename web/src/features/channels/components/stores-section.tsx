import { Box, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { env } from '@/lib/env';
import type { LinkedStore, Store, StorePlatform } from '@/types/api';
import { useRefreshStores } from '../api/stores';
import { learnMoreUrl, STORE_PLATFORMS } from '../lib/platforms';
import { ChannelCard } from './channel-card';
import { ConnectStoreDialog } from './connect-store-dialog';
import { CardGrid, Section } from './section';
import { StoreRow } from './store-row';

interface StoresSectionProps {
  stores: readonly Store[];
  loading: boolean;
  currentId: string | undefined;
  linked?: Record<string, LinkedStore[] | undefined>;
  onSettings: (store: Store) => void;
}

/** Connected stores (rows) and the store platforms to connect (cards with the connect dialog). */
export function StoresSection({ stores, loading, currentId, linked, onSettings }: StoresSectionProps) {
  const { t } = useTranslation();
  const refreshStores = useRefreshStores();
  const [dialog, setDialog] = useState<{ platform: StorePlatform; url: string } | null>(null);

  return (
    <>
      <Section title={t('channels.stores.title')} subtitle={t('channels.stores.subtitle')} testId="stores-section">
        {loading ? (
          <Skeleton h="20" borderRadius="lg" />
        ) : stores.length === 0 ? (
          <Box borderWidth="1px" borderStyle="dashed" borderRadius="lg" p="6" textAlign="center" data-testid="stores-empty">
            <Text color="fg.muted">{t('channels.stores.empty')}</Text>
          </Box>
        ) : (
          <Stack gap="3" data-testid="store-list">
            {stores.map((store) => (
              <StoreRow
                key={store.id}
                store={store}
                isCurrent={store.id === currentId}
                onSettings={onSettings}
                onReconnect={(s) => setDialog({ platform: s.platform, url: s.platform_domain })}
              />
            ))}
          </Stack>
        )}
      </Section>
      <Section title={t('channels.platformsTitle')} subtitle={t('channels.platformsSubtitle')} testId="platforms-section">
        <CardGrid>
          {STORE_PLATFORMS.map((platform) => {
            const connected = stores.filter((s) => s.platform === platform && s.status === 'connected');
            return (
              <ChannelCard
                key={platform}
                id={platform}
                state={connected.length > 0 ? 'active' : 'idle'}
                detail={connected.length > 0 ? t('channels.stores.connectedCount', { count: connected.length }) : null}
                learnMoreUrl={learnMoreUrl(env.helpCenterUrl, platform)}
                onConnect={() => setDialog({ platform, url: '' })}
              />
            );
          })}
        </CardGrid>
      </Section>
      <ConnectStoreDialog
        platform={dialog?.platform ?? null}
        initialUrl={dialog?.url ?? ''}
        stores={stores}
        linked={linked}
        onClose={() => setDialog(null)}
        onConnected={() => void refreshStores()}
      />
    </>
  );
}
