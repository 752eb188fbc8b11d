import { Badge, Box, CloseButton, HStack, Image, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon, CloseIcon, ExternalIcon } from '@/components/icons';
import { useIsMobile } from '@/lib/use-media-query';
import type { PushProgressItem } from '@/types/push';
import { usePushProgress } from '../api/push';
import { closeSession, newlyDone, pushSession, settleSession, summarize } from '../lib/push-session';

/** Above the mobile tab bar (64 px) with a margin. */
const MOBILE_BOTTOM = 80;

function Status({ item }: { item: PushProgressItem }) {
  const { t } = useTranslation();
  if (item.status === 'processing') {
    return (
      <HStack gap="1" color="fg.muted" fontSize="xs">
        <Spinner size="xs" />
        <Text>{t('push.toast.processing')}</Text>
      </HStack>
    );
  }
  if (item.status === 'success') {
    return (
      <HStack gap="1" color="green.fg" fontSize="xs">
        <CheckIcon />
        <Text>{t('push.toast.success')}</Text>
        {item.remote_url ? (
          <Link href={item.remote_url} target="_blank" rel="noreferrer" color="teal.700" aria-label={t('push.toast.open')}>
            <ExternalIcon />
          </Link>
        ) : null}
      </HStack>
    );
  }
  return (
    <HStack gap="1" color="fg.error" fontSize="xs" align="start">
      <CloseIcon mt="0.5" />
      <Text data-testid="push-toast-error">{item.error || t('push.toast.error')}</Text>
    </HStack>
  );
}

/**
 * The push toast (spec section 4): every product and destination of the pushes made since it
 * was last cleared, with processing, success or the error. It shows on new pushes; closing it
 * clears the list when nothing is processing.
 */
export function PushToast({ onSettled }: { onSettled?: (done: PushProgressItem[]) => void }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const session = useSyncExternalStore(pushSession.subscribe, pushSession.get, pushSession.get);
  const last = useRef<PushProgressItem[] | undefined>(undefined);
  const { items } = usePushProgress(session.ids, (data) => {
    const done = newlyDone(last.current, data);
    last.current = data;
    if (done.length > 0) onSettled?.(done);
    pushSession.set(settleSession(pushSession.get(), data));
  });

  if (!session.open) return null;
  const list = items ?? [];
  const sum = summarize(list);
  const waiting = session.ids.length - list.length;
  return (
    <Box
      position="fixed"
      insetEnd={{ base: '2', md: '4' }}
      insetStart={{ base: '2', md: 'auto' }}
      bottom={isMobile ? `${MOBILE_BOTTOM}px` : '4'}
      w={{ md: 'sm' }}
      zIndex={1400}
      bg="bg"
      borderWidth="1px"
      borderRadius="xl"
      boxShadow="lg"
      data-testid="push-toast"
      data-processing={sum.processing + Math.max(0, waiting)}
      data-success={sum.success}
      data-error={sum.error}
      role="status"
      aria-live="polite"
    >
      <HStack justify="space-between" px="4" pt="3" pb="2" gap="2">
        <Stack gap="0">
          <Text fontWeight="semibold">{sum.processing + waiting > 0 ? t('push.toast.title') : t('push.toast.done')}</Text>
          <Text fontSize="xs" color="fg.muted" data-testid="push-toast-summary">
            {t('push.toast.summary', { success: sum.success, error: sum.error, processing: sum.processing + Math.max(0, waiting) })}
          </Text>
        </Stack>
        <CloseButton
          size="sm"
          aria-label={t('common.close')}
          onClick={() => pushSession.set(closeSession(pushSession.get(), items))}
          data-testid="push-toast-close"
        />
      </HStack>
      <Stack gap="0" maxH="320px" overflowY="auto" px="4" pb="3">
        {list.length === 0 ? (
          <HStack gap="2" py="2" color="fg.muted" fontSize="sm">
            <Spinner size="xs" />
            <Text>{t('push.toast.starting')}</Text>
          </HStack>
        ) : null}
        {list.map((item) => (
          <HStack
            key={String(item.id)}
            gap="3"
            py="2"
            borderTopWidth="1px"
            align="start"
            data-testid="push-toast-item"
            data-status={item.status}
            data-channel={item.channel}
            data-product={item.product_package_id}
          >
            <Box boxSize="10" flexShrink={0} bg="bg.muted" borderRadius="md" overflow="hidden">
              {item.image ? <Image src={item.image} alt="" w="full" h="full" objectFit="cover" /> : null}
            </Box>
            <Stack gap="0.5" flex="1" minW="0">
              <Text fontSize="sm" fontWeight="medium" lineClamp={1}>
                {item.title}
              </Text>
              <Badge size="xs" colorPalette="gray" alignSelf="start">
                {item.channel_label || item.channel}
              </Badge>
              <Status item={item} />
            </Stack>
          </HStack>
        ))}
      </Stack>
    </Box>
  );
}
