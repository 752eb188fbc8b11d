import { Box, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { LinkedStore, Workplace } from '@/types/api';
import { BRANDS, type LogoId } from '../lib/platforms';
import { ChannelLogo } from './channel-logo';
import { CHANNEL_PATH } from './shopify-callback';

/** The account's linked stores, grouped by platform (spec section 3 `linked_stores`). */
export function LinkedStores({
  linked,
  workplaces,
}: {
  linked: Record<string, LinkedStore[] | undefined>;
  workplaces: readonly Workplace[];
}) {
  const { t } = useTranslation();
  const groups = Object.entries(linked).filter(([, list]) => (list ?? []).length > 0);
  const workplaceName = (id: string) => workplaces.find((w) => w.id === id)?.name ?? '';

  return (
    <Stack gap="4" data-testid="linked-stores">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h2" size="md">
          {t('channels.linked.title')}
        </Heading>
        <Button asChild size="sm" variant="outline" colorPalette="teal">
          <RouterLink to={CHANNEL_PATH} data-testid="linked-manage">
            {t('channels.selector.manage')}
          </RouterLink>
        </Button>
      </HStack>
      {groups.length === 0 ? (
        <Text color="fg.muted" data-testid="linked-empty">
          {t('channels.linked.empty')}
        </Text>
      ) : (
        groups.map(([platform, list]) => {
          const logo = (platform in BRANDS ? platform : null) as LogoId | null;
          return (
            <Box key={platform} borderWidth="1px" borderRadius="lg" bg="bg" data-testid={`linked-group-${platform}`}>
              <HStack gap="2" px="4" py="3" borderBottomWidth="1px">
                {logo ? <ChannelLogo id={logo} size={6} /> : null}
                <Text fontWeight="semibold">{logo ? BRANDS[logo].name : platform}</Text>
                <Text fontSize="sm" color="fg.muted">
                  ({list!.length})
                </Text>
              </HStack>
              <Stack gap="0" separator={<Box borderTopWidth="1px" />}>
                {list!.map((store) => (
                  <HStack key={store.id} justify="space-between" px="4" py="2.5" gap="3" data-testid={`linked-store-${store.id}`}>
                    <Text fontSize="sm" dir="ltr" textAlign="start" truncate>
                      {store.platform_domain}
                    </Text>
                    <Text fontSize="xs" color="fg.muted" flexShrink={0}>
                      {t('channels.linked.workplace', { name: workplaceName(store.workplace_id) || '—' })}
                    </Text>
                  </HStack>
                ))}
              </Stack>
            </Box>
          );
        })
      )}
    </Stack>
  );
}
