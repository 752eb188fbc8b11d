import { Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A titled band of a public page. */
export function Band({ title, intro, children, testId }: { title: string; intro?: string; children: ReactNode; testId?: string }) {
  return (
    <Stack as="section" gap="5" py={{ base: '8', md: '12' }} data-testid={testId}>
      <Stack gap="2" maxW="3xl">
        <Heading as="h2" size={{ base: 'xl', md: '2xl' }}>
          {title}
        </Heading>
        {intro ? <Text color="fg.muted">{intro}</Text> : null}
      </Stack>
      {children}
    </Stack>
  );
}

/** Numbered or plain cards in a responsive grid. */
export function CardList({ items, numbered = false }: { items: { title: string; body: string; key: string }[]; numbered?: boolean }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2, lg: items.length > 3 ? 4 : 3 }} gap="4">
      {items.map((item, i) => (
        <Box key={item.key} bg="bg" borderWidth="1px" borderRadius="xl" p="5" data-testid={`card-${item.key}`}>
          {numbered ? (
            <Text fontSize="sm" fontWeight="bold" color="teal.700" mb="1">
              {i + 1}
            </Text>
          ) : null}
          <Heading as="h3" size="md" mb="2">
            {item.title}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {item.body}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}
