import { Badge, Button, CloseButton, HStack, Stack, Text } from '@chakra-ui/react';
import { useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ProgressStatus, ProgressToast } from '@/components/ui/progress-toast';
import { sourceName } from '@/lib/sources';
import type { PlacementItem } from '@/types/orders';
import { clearPlacements, removePlacementItem, stopPlacements, usePlacements } from '../api/placements';
import { placementErrorKey, placementWarningKey } from '../lib/format';
import {
  EMPTY_PLACEMENTS,
  closePlacements,
  placementSession,
  removePlacement,
  settlePlacements,
  summarize,
} from '../lib/placement-session';

function Status({ item }: { item: PlacementItem }) {
  const { t } = useTranslation();
  const warning = placementWarningKey(item.warning);
  if (item.status === 'processing') {
    return (
      <Stack gap="0.5">
        <ProgressStatus state="processing">
          <Text>{t('orders.toast.processing')}</Text>
        </ProgressStatus>
        {item.warning ? (
          <Text fontSize="xs" color="orange.700" data-testid="placement-toast-warning" data-warning={item.warning}>
            {warning ? t(warning) : item.warning}
          </Text>
        ) : null}
      </Stack>
    );
  }
  if (item.status === 'success') {
    return (
      <ProgressStatus state="success">
        <Text>{item.order_no ? t('orders.toast.successNo', { orderNo: item.order_no }) : t('orders.toast.success')}</Text>
      </ProgressStatus>
    );
  }
  const key = placementErrorKey(item.error_key);
  return (
    <ProgressStatus state="error">
      <Text data-testid="placement-toast-error" data-error-key={item.error_key ?? ''}>
        {key ? t(key) : item.message || t('orders.toast.error')}
      </Text>
    </ProgressStatus>
  );
}

/**
 * The placement toast: every supplier order being placed since it was last cleared, with its
 * status, warning or error; Stop per source, remove per item, clear. It closes by itself once
 * every order is placed (an error keeps it open); closing it clears the list when nothing is
 * processing.
 */
export function PlacementToast({ onSettled }: { onSettled?: () => void }) {
  const { t } = useTranslation();
  const session = useSyncExternalStore(placementSession.subscribe, placementSession.get, placementSession.get);
  const last = useRef<string>('');
  const { items, mutate } = usePlacements(session.ids, (data) => {
    const doneNow = data
      .filter((i) => i.status !== 'processing')
      .map((i) => `${i.id}:${i.status}`)
      .join(',');
    if (doneNow !== last.current && doneNow !== '') onSettled?.();
    last.current = doneNow;
    placementSession.set(settlePlacements(placementSession.get(), data));
  });

  if (!session.open) return null;
  const list = items ?? [];
  const sum = summarize(list);
  const processing = sum.processing + Math.max(0, session.ids.length - list.length);
  const stoppable = [...new Set(list.filter((i) => i.status === 'processing').map((i) => i.source))];

  const stop = async (source: string) => {
    await stopPlacements(source);
    await mutate();
  };
  const remove = async (id: string) => {
    placementSession.set(removePlacement(placementSession.get(), id));
    await removePlacementItem(id);
  };
  const clear = async () => {
    placementSession.set(EMPTY_PLACEMENTS);
    await clearPlacements();
  };

  return (
    <ProgressToast
      testId="placement-toast"
      texts="orders.toast"
      counts={{ processing, success: sum.success, error: sum.error }}
      empty={list.length === 0}
      onClose={() => placementSession.set(closePlacements(placementSession.get(), items))}
      actions={
        <Button size="xs" variant="ghost" onClick={() => void clear()} data-testid="placement-toast-clear">
          {t('orders.toast.clear')}
        </Button>
      }
      toolbar={
        stoppable.length > 0 ? (
          <HStack gap="2" px="4" pb="2" wrap="wrap">
            {stoppable.map((source) => (
              <Button
                key={source}
                size="xs"
                variant="outline"
                colorPalette="red"
                onClick={() => void stop(source)}
                data-testid={`placement-toast-stop-${source}`}
              >
                {t('orders.toast.stop', { source: sourceName(source) })}
              </Button>
            ))}
          </HStack>
        ) : null
      }
    >
      {list.map((item) => (
        <HStack
          key={item.id}
          gap="3"
          py="2"
          borderTopWidth="1px"
          align="start"
          data-testid="placement-toast-item"
          data-id={item.id}
          data-status={item.status}
          data-order={item.order_id}
        >
          <Stack gap="0.5" flex="1" minW="0">
            <HStack gap="2">
              <Text fontSize="sm" fontWeight="medium" lineClamp={1}>
                {item.order_name}
              </Text>
              <Badge size="xs" colorPalette="gray">
                {sourceName(item.source)}
              </Badge>
            </HStack>
            <Status item={item} />
          </Stack>
          {item.status !== 'processing' ? (
            <CloseButton
              size="2xs"
              aria-label={t('orders.toast.remove')}
              onClick={() => void remove(String(item.id))}
              data-testid="placement-toast-remove"
            />
          ) : null}
        </HStack>
      ))}
    </ProgressToast>
  );
}
