import { Badge, Box, CloseButton, Drawer, HStack, Portal, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '@/lib/use-media-query';
import { useSyncLog } from '../api/product-center';
import { LOG_KINDS, logLines } from '../lib/sync-log';
import { RelativeTime } from '@/components/relative-time';

interface DrawerProps {
  product: { id: string; title: string } | null;
  labelOf: (destination: string, fallback: string) => string;
  onClose: () => void;
}

/** What supplier sync saw and did for one product (GET center/products/{id}/sync-log). */
export function SyncLogDrawer({ product, labelOf, onClose }: DrawerProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const { data, error, isLoading } = useSyncLog(product?.id ?? null);
  if (!product) return null;
  const items = data?.items ?? [];
  return (
    <Drawer.Root open onOpenChange={(e) => (e.open ? undefined : onClose())} placement={isMobile ? 'bottom' : 'end'} size="md">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="sync-log-drawer" maxH={isMobile ? '85vh' : undefined}>
            <Drawer.Header>
              <Stack gap="0">
                <Drawer.Title>{t('productCenter.syncLogTitle')}</Drawer.Title>
                <Text fontSize="sm" color="fg.muted" lineClamp={1}>
                  {product.title}
                </Text>
              </Stack>
            </Drawer.Header>
            <Drawer.Body>
              {isLoading ? <Skeleton h="24" /> : null}
              {error ? (
                <Text color="fg.error" data-testid="sync-log-error">
                  {error.message || t('productCenter.syncLogFailed')}
                </Text>
              ) : null}
              {data && items.length === 0 ? (
                <Text color="fg.muted" data-testid="sync-log-empty">
                  {t('productCenter.syncLogEmpty')}
                </Text>
              ) : null}
              <Stack gap="3">
                {items.map((entry) => (
                  <Box key={String(entry.id)} borderWidth="1px" borderRadius="md" p="3" data-testid="sync-log-entry" data-kind={entry.kind}>
                    <HStack justify="space-between" gap="2" wrap="wrap">
                      <HStack gap="2">
                        <Badge size="sm" colorPalette={entry.error ? 'red' : 'teal'}>
                          {(LOG_KINDS as readonly string[]).includes(entry.kind) ? t(`productCenter.logKinds.${entry.kind}`) : entry.kind}
                        </Badge>
                        {entry.destination ? (
                          <Text fontSize="xs" color="fg.muted">
                            {labelOf(entry.destination, entry.destination)}
                          </Text>
                        ) : null}
                      </HStack>
                      <RelativeTime iso={entry.created_at} fontSize="xs" color="fg.muted" />
                    </HStack>
                    {logLines(entry.detail).map((line, i) => (
                      <Text key={i} fontSize="xs" mt="1" wordBreak="break-word" data-testid="sync-log-line">
                        {line.kind === 'text' ? line.text : null}
                        {line.kind === 'unpublished' ? t('productCenter.logUnpublished') : null}
                        {line.kind === 'destinations'
                          ? t('productCenter.logDestinations', { list: line.keys.map((k) => labelOf(k, k)).join(', ') })
                          : null}
                        {line.kind === 'written'
                          ? t('productCenter.logWritten', {
                              style: t(`aiWriting.styles.${line.style}`),
                              tone: t(`aiWriting.tones.${line.tone}`),
                              language: t('meta.nativeName', { lng: line.language }),
                            })
                          : null}
                      </Text>
                    ))}
                    {entry.error ? (
                      <Text fontSize="xs" mt="1" color="fg.error">
                        {entry.error}
                      </Text>
                    ) : null}
                  </Box>
                ))}
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
