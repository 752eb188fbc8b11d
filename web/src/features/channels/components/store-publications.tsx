import { Badge, HStack, Skeleton, Stack, Text, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { usePublications } from '../api/stores';
import { CHANNEL_HANDLES } from '../lib/platforms';
import { ChannelLogo } from './channel-logo';

/** A Shopify store's publications (sales channels), with the external channels of the spec. */
export function StorePublications({ storeId }: { storeId: string }) {
  const { t } = useTranslation();
  const { data, error, isLoading } = usePublications(storeId);
  if (isLoading) return <Skeleton h="6" w="60%" />;
  if (error) {
    return (
      <Text fontSize="xs" color="fg.error" data-testid={`publications-error-${storeId}`}>
        {t('channels.stores.publicationsError')}
      </Text>
    );
  }
  const list = data?.publications ?? [];
  return (
    <Stack gap="1.5" data-testid={`publications-${storeId}`}>
      <Text fontSize="xs" fontWeight="semibold" color="fg.muted">
        {t('channels.stores.salesChannels', { count: list.length })}
      </Text>
      {list.length === 0 ? (
        <Text fontSize="xs" color="fg.muted">
          {t('channels.stores.noPublications')}
        </Text>
      ) : (
        <Wrap gap="2">
          {list.map((p) => {
            const logo = CHANNEL_HANDLES[p.handle];
            return (
              <HStack
                key={p.id}
                gap="1.5"
                borderWidth="1px"
                borderRadius="full"
                ps="1"
                pe="2.5"
                py="0.5"
                data-testid={`publication-${p.handle}`}
              >
                {logo ? <ChannelLogo id={logo} size={5} borderRadius="full" /> : null}
                <Text fontSize="xs">{p.name}</Text>
                {p.is_active ? null : (
                  <Badge size="xs" colorPalette="gray">
                    {t('channels.badges.inactive')}
                  </Badge>
                )}
              </HStack>
            );
          })}
        </Wrap>
      )}
    </Stack>
  );
}
