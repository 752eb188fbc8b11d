import { Box, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A centered card with a spinner (or other content) while a connection finishes. */
export function ProgressCard({
  title,
  message,
  children,
  testId,
}: {
  title: string;
  message?: string;
  children?: ReactNode;
  testId: string;
}) {
  return (
    <Box maxW="lg" mx="auto" my="12" bg="bg" borderWidth="1px" borderRadius="xl" p="6" data-testid={testId}>
      <Stack gap="4">
        <Heading as="h1" size="lg">
          {title}
        </Heading>
        {message ? (
          <HStack gap="3">
            <Spinner color="teal.600" />
            <Text>{message}</Text>
          </HStack>
        ) : null}
        {children}
      </Stack>
    </Box>
  );
}
