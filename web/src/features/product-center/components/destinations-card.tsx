import { Alert, Text, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/ui/section-card';
import type { ProductPlatform } from '@/types/api.gen';
import { DestinationBox, PushState } from './push-state';

/** One destination: its name, push status (spinner while pushing), last error, last push. */
function Destination({ platform, label }: { platform: ProductPlatform; label: string }) {
  const { t } = useTranslation();
  return (
    <DestinationBox
      data-testid="editor-destination"
      data-destination={platform.destination}
      data-status={platform.status}
      data-connected={platform.connected}
      data-pushed-at={platform.pushed_at ?? ''}
    >
      <PushState
        label={label}
        status={platform.status}
        error={platform.error}
        pushedAt={platform.pushed_at}
        ids={{ badge: 'editor-destination-status', error: 'editor-destination-error' }}
      />
      {!platform.connected ? (
        <Text fontSize="xs" color="fg.warning" data-testid="editor-destination-disconnected">
          {t('productCenter.editor.disconnected')}
        </Text>
      ) : null}
    </DestinationBox>
  );
}

interface DestinationsCardProps {
  platforms: ProductPlatform[] | undefined;
  error?: boolean;
  labelOf: (destination: string, fallback: string) => string;
}

/** Where the pushed product lives, each destination's state, and the overwrite notice of an update push. */
export function DestinationsCard({ platforms, error, labelOf }: DestinationsCardProps) {
  const { t } = useTranslation();
  const list = platforms ?? [];
  return (
    <SectionCard title={t('productCenter.editor.destinations')} testId="editor-destinations">
      {error ? (
        <Text fontSize="sm" color="fg.error" data-testid="editor-destinations-error">
          {t('productCenter.editor.destinationsFailed')}
        </Text>
      ) : null}
      {platforms && list.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('productCenter.editor.noDestinations')}
        </Text>
      ) : null}
      {list.length > 0 ? (
        <Wrap gap="2">
          {list.map((p) => (
            <Destination key={p.destination} platform={p} label={labelOf(p.destination, p.channel_label)} />
          ))}
        </Wrap>
      ) : null}
      {list.some((p) => p.connected) ? (
        <Alert.Root status="warning" size="sm" data-testid="editor-overwrite">
          <Alert.Indicator />
          <Alert.Title>{t('push.dataWillBeOverwrite')}</Alert.Title>
        </Alert.Root>
      ) : null}
    </SectionCard>
  );
}
