import { Button, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { messageOf } from '@/lib/api';
import { once } from '@/lib/once';
import { notify } from '@/lib/toaster';
import type { SalesChannel } from '@/types/api';
import { CHANNELS_KEY, finishChannelAuth } from '../api/channels';
import { BRANDS, channelOfAuthPlatform } from '../lib/platforms';
import { LinkChannelForm } from './link-channel-form';
import { ProgressCard } from './progress-card';
import { CHANNEL_PATH } from './shopify-callback';

type Phase = { kind: 'working' } | { kind: 'link'; channel: SalesChannel } | { kind: 'failed'; text: string };

/** /app/auth/bind/platform?platform=<p>&code&state: a sales channel's sign-in comes back here. */
export function BindPlatform() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [params] = useSearchParams();
  const platform = params.get('platform') ?? '';
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';
  const channelId = channelOfAuthPlatform(platform);
  const [phase, setPhase] = useState<Phase>(
    channelId && code && state ? { kind: 'working' } : { kind: 'failed', text: t('channels.errors.callbackIncomplete') },
  );
  const name = channelId ? BRANDS[channelId].name : platform;

  useEffect(() => {
    if (!channelId || !code || !state) return;
    let active = true;
    once(`bind/${platform}/${state}`, () => finishChannelAuth(platform, code, state)).then(async (res) => {
      if (!active) return;
      await mutate(CHANNELS_KEY);
      if (!res.success || !res.data) {
        const text = messageOf(res) || t('channels.errors.generic');
        notify('error', text);
        setPhase({ kind: 'failed', text });
        return;
      }
      if (res.data.channel.needs_link) {
        setPhase({ kind: 'link', channel: res.data.channel });
        return;
      }
      notify('success', t('channels.sales.connected', { name }));
      navigate(CHANNEL_PATH, { replace: true });
    });
    return () => {
      active = false;
    };
  }, [channelId, platform, code, state, name, navigate, mutate, t]);

  const title = t('channels.sales.connectTitle', { name });
  if (phase.kind === 'working') return <ProgressCard testId="bind-platform" title={title} message={t('channels.connect.finishing')} />;
  if (phase.kind === 'failed') {
    return (
      <ProgressCard testId="bind-platform" title={title}>
        <Text data-testid="bind-error">{phase.text}</Text>
        <Button asChild colorPalette="teal" alignSelf="start">
          <RouterLink to={CHANNEL_PATH}>{t('channels.backToChannels')}</RouterLink>
        </Button>
      </ProgressCard>
    );
  }
  const linkable = phase.channel.channel === 'facebook' || phase.channel.channel === 'google' ? phase.channel.channel : null;
  return (
    <ProgressCard testId="bind-platform" title={title}>
      {linkable ? (
        <LinkChannelForm
          channel={linkable}
          options={phase.channel.options}
          onLinked={() => {
            void mutate(CHANNELS_KEY);
            notify('success', t('channels.sales.connected', { name }));
            navigate(CHANNEL_PATH, { replace: true });
          }}
        />
      ) : null}
    </ProgressCard>
  );
}
