import { Alert } from '@chakra-ui/react';

/** What went wrong, in red, where it went wrong (a failed save, a file refused, a page not found). */
export function ErrorAlert({ message, testId, size }: { message: string; testId?: string; size?: 'sm' | 'md' }) {
  return (
    <Alert.Root status="error" size={size} data-testid={testId}>
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}
