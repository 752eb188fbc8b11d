import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  testId?: string;
}

/** The card every sign-in screen is drawn in. */
export function AuthCard({ title, subtitle, children, footer, testId }: AuthCardProps) {
  return (
    <Box
      data-testid={testId}
      bg="bg"
      borderWidth="1px"
      borderColor="border"
      borderRadius="xl"
      boxShadow="sm"
      p={{ base: '6', md: '8' }}
      w="full"
      maxW="md"
    >
      <Stack gap="2" mb="6">
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        {subtitle ? <Text color="fg.muted">{subtitle}</Text> : null}
      </Stack>
      {children}
      {footer ? (
        <Box mt="6" fontSize="sm" color="fg.muted" textAlign="center">
          {footer}
        </Box>
      ) : null}
    </Box>
  );
}
