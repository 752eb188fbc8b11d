import { Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function Section({ title, subtitle, children, testId }: { title: string; subtitle?: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap="3" as="section" data-testid={testId}>
      <Stack gap="0.5">
        <Heading as="h2" size="md">
          {title}
        </Heading>
        {subtitle ? (
          <Text fontSize="sm" color="fg.muted">
            {subtitle}
          </Text>
        ) : null}
      </Stack>
      {children}
    </Stack>
  );
}

export function CardGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
      {children}
    </SimpleGrid>
  );
}
