import { Box, CloseButton, HStack, IconButton, Spinner, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon, ChevronDownIcon, CloseIcon } from '@/components/icons';
import { TOAST_DURATION_MS, TOAST_FADE_MS } from '@/lib/env';
import { useIsMobile } from '@/lib/use-media-query';

/** Above the mobile tab bar (64 px) with a margin. */
const MOBILE_BOTTOM = 80;

interface ProgressToastProps {
  testId: string;
  /** The work's translation group: `title` while items are processing, `done` after, `summary` (with the counts), `starting`. */
  texts: string;
  counts: { processing: number; success: number; error: number };
  /** No item is listed yet: says the work is starting. */
  empty: boolean;
  /** Beside the close button (Clear). */
  actions?: ReactNode;
  /** Between the header and the list (Stop buttons). */
  toolbar?: ReactNode;
  onClose: () => void;
  children: ReactNode;
}

/**
 * Closes the card by itself once its work is done without an error (an error stays until the
 * owner closes it): shown TOAST_DURATION_MS after the last item ended, then faded out over
 * TOAST_FADE_MS. The countdown waits while the pointer moves on the card (not for a pointer that
 * was already parked where the card appeared). `fading` while it fades.
 */
function useAutoClose(done: boolean, onClose: () => void) {
  const [hovered, setHovered] = useState(false);
  const [fading, setFading] = useState(false);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);
  useEffect(() => {
    if (!done || hovered) return;
    const fade = setTimeout(() => setFading(true), TOAST_DURATION_MS);
    const end = setTimeout(() => close.current(), TOAST_DURATION_MS + TOAST_FADE_MS);
    return () => {
      clearTimeout(fade);
      clearTimeout(end);
      setFading(false);
    };
  }, [done, hovered]);
  return { fading, hover: (on: boolean) => setHovered(on) };
}

/**
 * The floating progress card of long work (pushes, supplier orders): a title and summary, a
 * close button, and the items with their status. It stays above the mobile tab bar, never takes
 * more than 30% of a phone's height (the list scrolls) and collapses to its header; it closes by
 * itself once everything succeeded.
 */
export function ProgressToast({ testId, texts, counts, empty, actions, toolbar, onClose, children }: ProgressToastProps) {
  const { t } = useTranslation();
  const title = counts.processing > 0 ? t(`${texts}.title`) : t(`${texts}.done`);
  const summary = t(`${texts}.summary`, { success: counts.success, error: counts.error, processing: counts.processing });
  const isMobile = useIsMobile();
  const [collapsed, setCollapsed] = useState(false);
  const done = !empty && counts.processing === 0 && counts.error === 0;
  const auto = useAutoClose(done, onClose);
  return (
    <Box
      position="fixed"
      insetEnd={{ base: '2', md: '4' }}
      insetStart={{ base: '2', md: 'auto' }}
      bottom={isMobile ? `${MOBILE_BOTTOM}px` : '4'}
      w={{ md: 'sm' }}
      maxH={{ base: '30vh', md: 'min(480px, calc(100vh - 120px))' }}
      display="flex"
      flexDirection="column"
      zIndex={1400}
      bg="bg"
      borderWidth="1px"
      borderRadius="xl"
      boxShadow="lg"
      opacity={auto.fading ? 0 : 1}
      transition={`opacity ${TOAST_FADE_MS}ms ease-out`}
      onPointerMove={() => auto.hover(true)}
      onPointerLeave={() => auto.hover(false)}
      data-testid={testId}
      data-processing={counts.processing}
      data-success={counts.success}
      data-error={counts.error}
      data-collapsed={collapsed}
      data-fading={auto.fading}
      role="status"
      aria-live="polite"
    >
      <HStack justify="space-between" px="4" pt="3" pb="2" gap="2" flexShrink={0}>
        <Stack gap="0" minW="0">
          <Text fontWeight="semibold">{title}</Text>
          <Text fontSize="xs" color="fg.muted" data-testid={`${testId}-summary`}>
            {summary}
          </Text>
        </Stack>
        <HStack gap="1">
          {actions}
          <IconButton
            size="sm"
            variant="ghost"
            aria-label={collapsed ? t('common.expand') : t('common.collapse')}
            aria-expanded={!collapsed}
            onClick={() => setCollapsed((c) => !c)}
            data-testid={`${testId}-collapse`}
          >
            <ChevronDownIcon transform={collapsed ? 'rotate(180deg)' : undefined} />
          </IconButton>
          <CloseButton size="sm" aria-label={t('common.close')} onClick={onClose} data-testid={`${testId}-close`} />
        </HStack>
      </HStack>
      {collapsed ? null : (
        <>
          {toolbar}
          <Stack gap="0" flex="1" minH="0" overflowY="auto" px="4" pb="3" data-testid={`${testId}-list`}>
            {empty ? (
              <HStack gap="2" py="2" color="fg.muted" fontSize="sm">
                <Spinner size="xs" />
                <Text>{t(`${texts}.starting`)}</Text>
              </HStack>
            ) : null}
            {children}
          </Stack>
        </>
      )}
    </Box>
  );
}

/** One item's state line: a spinner, a check or a cross, and what to say. */
export function ProgressStatus({ state, children }: { state: 'processing' | 'success' | 'error'; children: ReactNode }) {
  if (state === 'processing') {
    return (
      <HStack gap="1" color="fg.muted" fontSize="xs">
        <Spinner size="xs" />
        {children}
      </HStack>
    );
  }
  if (state === 'success') {
    return (
      <HStack gap="1" color="green.fg" fontSize="xs">
        <CheckIcon />
        {children}
      </HStack>
    );
  }
  return (
    <HStack gap="1" color="fg.error" fontSize="xs" align="start">
      <CloseIcon mt="0.5" />
      {children}
    </HStack>
  );
}
