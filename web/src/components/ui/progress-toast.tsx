import { Box, CloseButton, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon, CloseIcon } from '@/components/icons';
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
 * The floating progress card of long work (pushes, supplier orders): a title and summary, a
 * close button, and the items with their status. It stays above the mobile tab bar.
 */
export function ProgressToast({ testId, texts, counts, empty, actions, toolbar, onClose, children }: ProgressToastProps) {
  const { t } = useTranslation();
  const title = counts.processing > 0 ? t(`${texts}.title`) : t(`${texts}.done`);
  const summary = t(`${texts}.summary`, { success: counts.success, error: counts.error, processing: counts.processing });
  const isMobile = useIsMobile();
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
      data-testid={testId}
      data-processing={counts.processing}
      data-success={counts.success}
      data-error={counts.error}
      role="status"
      aria-live="polite"
    >
      <HStack justify="space-between" px="4" pt="3" pb="2" gap="2">
        <Stack gap="0">
          <Text fontWeight="semibold">{title}</Text>
          <Text fontSize="xs" color="fg.muted" data-testid={`${testId}-summary`}>
            {summary}
          </Text>
        </Stack>
        <HStack gap="1">
          {actions}
          <CloseButton size="sm" aria-label={t('common.close')} onClick={onClose} data-testid={`${testId}-close`} />
        </HStack>
      </HStack>
      {toolbar}
      <Stack gap="0" maxH="320px" overflowY="auto" px="4" pb="3">
        {empty ? (
          <HStack gap="2" py="2" color="fg.muted" fontSize="sm">
            <Spinner size="xs" />
            <Text>{t(`${texts}.starting`)}</Text>
          </HStack>
        ) : null}
        {children}
      </Stack>
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
