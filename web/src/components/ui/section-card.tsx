import { HStack, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface SectionCardProps {
  title: ReactNode;
  /** h2 for a section of a page; h3 for one inside a section. */
  level?: 'h2' | 'h3';
  /** A line under the title: what the section is for. */
  hint?: ReactNode;
  /** At the end of the title's line (buttons). */
  actions?: ReactNode;
  gap?: string;
  p?: string;
  testId?: string;
  /** Extra attributes for tests (data-count). */
  dataProps?: Record<`data-${string}`, string | number>;
  children?: ReactNode;
}

/** A titled card of a page (the wallet's balance, a tracking panel): a heading, then its content. */
export function SectionCard({ title, level = 'h2', hint, actions, gap = '3', p = '4', testId, dataProps, children }: SectionCardProps) {
  const heading = (
    <Heading as={level} size="md">
      {title}
    </Heading>
  );
  const titled = hint ? (
    <Stack gap="0">
      {heading}
      <Text fontSize="sm" color="fg.muted">
        {hint}
      </Text>
    </Stack>
  ) : (
    heading
  );
  return (
    <Stack gap={gap} bg="bg" borderWidth="1px" borderRadius="xl" p={p} data-testid={testId} {...dataProps}>
      {actions ? (
        <HStack justify="space-between" wrap="wrap" gap="2">
          {titled}
          {actions}
        </HStack>
      ) : (
        titled
      )}
      {children}
    </Stack>
  );
}
