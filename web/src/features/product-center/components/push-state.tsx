import { Badge, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '@/components/relative-time';

const STATUS_PALETTE: Record<string, string> = { processing: 'blue', success: 'green', error: 'red' };

/** The small bordered box of one destination (the product center's row, the editor's card). */
export function DestinationBox({ children, ...data }: { children: ReactNode } & Record<`data-${string}`, string | boolean | undefined>) {
  return (
    <Stack gap="1" p="2" borderWidth="1px" borderRadius="md" minW="48" maxW="xs" {...data}>
      {children}
    </Stack>
  );
}

interface PushStateProps {
  label: string;
  status: string;
  error?: string | null;
  pushedAt?: string | null;
  /** The badge's and the error's test ids. */
  ids: { badge: string; error: string };
}

/** A destination's name and push status (a spinner while pushing), its last error and last push. */
export function PushState({ label, status, error, pushedAt, ids }: PushStateProps) {
  const { t } = useTranslation();
  return (
    <>
      <HStack gap="2" justify="space-between">
        <Text fontSize="sm" fontWeight="medium" lineClamp={1}>
          {label}
        </Text>
        <Badge size="sm" colorPalette={STATUS_PALETTE[status] ?? 'gray'} data-testid={ids.badge}>
          {status === 'processing' ? <Spinner size="xs" /> : null}
          {t(`productCenter.status.${status}`)}
        </Badge>
      </HStack>
      {status === 'error' && error ? (
        <Text fontSize="xs" color="fg.error" data-testid={ids.error}>
          {error}
        </Text>
      ) : null}
      {pushedAt ? (
        <Text fontSize="xs" color="fg.muted">
          {t('productCenter.pushedAt')} <RelativeTime iso={pushedAt} />
        </Text>
      ) : null}
    </>
  );
}
