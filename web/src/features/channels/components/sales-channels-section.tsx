import { Button, HStack, Skeleton, Text, Wrap } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { env } from '@/lib/env';
import type { SalesChannel, SalesChannelId, Store } from '@/types/api';
import { disconnectChannel, startChannelAuth, useChannels } from '../api/channels';
import { browser } from '../lib/navigation';
import { BRANDS, learnMoreUrl, MORE_COMING, SALES_CHANNELS } from '../lib/platforms';
import { ChannelCard } from './channel-card';
import { ChannelLogo } from './channel-logo';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DialogShell } from '@/components/ui/dialog-shell';
import { LinkChannelForm } from './link-channel-form';
import { CardGrid, Section } from './section';
import { ViaShopifySection } from './via-shopify-section';

export function SalesChannelsSection({ stores, onSettings }: { stores: readonly Store[]; onSettings: (channel: SalesChannelId) => void }) {
  const { t } = useTranslation();
  const { data, isLoading, mutate } = useChannels();
  const [starting, setStarting] = useState<SalesChannelId | null>(null);
  const [confirm, setConfirm] = useState<SalesChannel | null>(null);
  const [linking, setLinking] = useState<SalesChannel | null>(null);
  const [busy, setBusy] = useState(false);
  const byId = new Map((data?.channels ?? []).map((c) => [c.channel, c]));

  async function connect(channel: SalesChannelId) {
    setStarting(channel);
    const res = await startChannelAuth(channel);
    if (res.success && res.data?.url) {
      browser.assign(res.data.url);
      return;
    }
    setStarting(null);
  }

  async function disconnect() {
    if (!confirm) return;
    setBusy(true);
    const res = await disconnectChannel(confirm.channel);
    setBusy(false);
    setConfirm(null);
    if (res.success) await mutate();
  }

  return (
    <>
      <Section title={t('channels.sales.title')} subtitle={t('channels.sales.subtitle')} testId="sales-channels-section">
        {isLoading ? (
          <Skeleton h="40" borderRadius="lg" />
        ) : (
          <CardGrid>
            {SALES_CHANNELS.map((id) => {
              const channel = byId.get(id);
              const coming = !channel || channel.status === 'coming_soon';
              const active = Boolean(channel?.connected);
              return (
                <ChannelCard
                  key={id}
                  id={id}
                  state={coming ? 'coming' : active ? 'active' : 'idle'}
                  detail={active ? channel?.account_name : null}
                  learnMoreUrl={learnMoreUrl(env.helpCenterUrl, id)}
                  onConnect={active ? undefined : () => void connect(id)}
                  connectLoading={starting === id}
                  onDisconnect={() => channel && setConfirm(channel)}
                  extra={
                    active && channel?.needs_link ? (
                      <Button size="sm" colorPalette="orange" onClick={() => setLinking(channel)} data-testid={`channel-link-${id}`}>
                        {t('channels.link.finish')}
                      </Button>
                    ) : active ? (
                      <Button size="sm" variant="outline" onClick={() => onSettings(id)} data-testid={`channel-settings-${id}`}>
                        {t('channels.actions.settings')}
                      </Button>
                    ) : null
                  }
                />
              );
            })}
          </CardGrid>
        )}
      </Section>
      <ViaShopifySection stores={stores} />
      <Section title={t('channels.more.title')} testId="more-coming-section">
        <Wrap gap="4">
          {MORE_COMING.map((id) => (
            <HStack key={id} gap="2" borderWidth="1px" borderRadius="lg" px="3" py="2" bg="bg" data-testid={`coming-${id}`}>
              <ChannelLogo id={id} size={7} />
              <Text fontSize="sm" fontWeight="medium">
                {BRANDS[id].name}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {t('channels.badges.comingSoon')}
              </Text>
            </HStack>
          ))}
        </Wrap>
      </Section>
      <ConfirmDialog
        open={confirm !== null}
        testId="disconnect-channel-dialog"
        title={t('channels.disconnect.title', { name: confirm ? BRANDS[confirm.channel].name : '' })}
        body={t('channels.disconnect.channelBody')}
        confirmLabel={t('channels.actions.disconnect')}
        loading={busy}
        onConfirm={() => void disconnect()}
        onClose={() => setConfirm(null)}
      />
      {linking && (linking.channel === 'facebook' || linking.channel === 'google') ? (
        <DialogShell
          onClose={() => setLinking(null)}
          title={t('channels.link.title', { name: BRANDS[linking.channel].name })}
          testId="link-channel-dialog"
        >
          <LinkChannelForm
            channel={linking.channel}
            options={linking.options}
            onLinked={() => {
              setLinking(null);
              void mutate();
            }}
          />
        </DialogShell>
      ) : null}
    </>
  );
}
