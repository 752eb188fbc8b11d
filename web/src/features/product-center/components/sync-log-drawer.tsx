import { Badge, Box, CloseButton, Drawer, HStack, Portal, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '@/lib/use-media-query';
import type { SyncLogEntry } from '@/types/push';
import { useSyncLog } from '../api/product-center';
import { RelativeTime } from './relative-time';

/** "key: value" lines of a log entry's detail. */
function detailLines(detail: SyncLogEntry['detail']): string[] {
  if (!detail || typeof detail !== 'object') return [];
  return Object.entries(detail).map(([k, v]) => `${k}: ${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`);
}

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
                          {t(`productCenter.logKinds.${entry.kind}`, { defaultValue: entry.kind })}
                        </Badge>
                        {entry.destination ? (
                          <Text fontSize="xs" color="fg.muted">
                            {labelOf(entry.destination, entry.destination)}
                          </Text>
                        ) : null}
                      </HStack>
                      <RelativeTime iso={entry.created_at} fontSize="xs" color="fg.muted" />
                    </HStack>
                    {detailLines(entry.detail).map((line) => (
                      <Text key={line} fontSize="xs" mt="1" dir="ltr" wordBreak="break-word">
                        {line}
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
