import { Badge, Box, HStack, Image, Link, Stack, Text } from '@chakra-ui/react';
import { useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ExternalIcon } from '@/components/icons';
import { ProgressStatus, ProgressToast } from '@/components/ui/progress-toast';
import type { PushProgressItem } from '@/types/push';
import { usePushProgress } from '../api/push';
import { closeSession, newlyDone, pushSession, settleSession, summarize } from '../lib/push-session';

function Status({ item }: { item: PushProgressItem }) {
  const { t } = useTranslation();
  if (item.status === 'processing' || item.status === 'success') {
    return (
      <ProgressStatus state={item.status}>
        <Text>{t(`push.toast.${item.status}`)}</Text>
        {item.status === 'success' && item.remote_url ? (
          <Link href={item.remote_url} target="_blank" rel="noreferrer" color="teal.700" aria-label={t('push.toast.open')}>
            <ExternalIcon />
          </Link>
        ) : null}
      </ProgressStatus>
    );
  }
  return (
    <ProgressStatus state="error">
      <Text data-testid="push-toast-error">{item.error || t('push.toast.error')}</Text>
    </ProgressStatus>
  );
}

/**
 * The push toast (spec section 4): every product and destination of the pushes made since it
 * was last cleared, with processing, success or the error. It shows on new pushes; closing it
 * clears the list when nothing is processing.
 */
export function PushToast({ onSettled }: { onSettled?: (done: PushProgressItem[]) => void }) {
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
  const processing = sum.processing + Math.max(0, waiting);
  return (
    <ProgressToast
      testId="push-toast"
      texts="push.toast"
      counts={{ processing, success: sum.success, error: sum.error }}
      empty={list.length === 0}
      onClose={() => pushSession.set(closeSession(pushSession.get(), items))}
    >
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
    </ProgressToast>
  );
}
