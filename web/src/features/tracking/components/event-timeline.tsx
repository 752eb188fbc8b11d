import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { newestFirst } from '../lib/status';

export interface TimelineEvent {
  /** Null when the carrier gave none (shown as the epoch, as `new Date(null)` does). */
  time: string | null | undefined;
  description?: string | null;
  /** A place (signed-in panel) or a country (public page). */
  place?: string | null;
}

/** A parcel's carrier events, newest first. */
export function EventTimeline({ events }: { events: readonly TimelineEvent[] | null | undefined }) {
  const { t, i18n } = useTranslation();
  const sorted = newestFirst(events);
  if (sorted.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="timeline-empty">
        {t('tracking.noEvents')}
      </Text>
    );
  }
  return (
    <Stack as="ol" gap="0" listStyleType="none" data-testid="event-timeline">
      {sorted.map((e, i) => (
        <HStack as="li" key={`${e.time}-${i}`} align="start" gap="3" pb="3" data-testid="timeline-event" data-time={e.time}>
          <Box mt="1.5" boxSize="2.5" borderRadius="full" flexShrink={0} bg={i === 0 ? 'teal.500' : 'gray.300'} />
          <Stack gap="0" fontSize="sm" minW="0">
            <Text fontWeight={i === 0 ? 'semibold' : 'normal'}>{e.description || t('tracking.noDescription')}</Text>
            <Text color="fg.muted" fontSize="xs">
              {[new Date(e.time ?? 0).toLocaleString(i18n.language), e.place].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
        </HStack>
      ))}
    </Stack>
  );
}
