import { Button } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A small text button under an order line's details (change supplier, change shipping). */
export function LineAction({ onClick, testId, children }: { onClick: () => void; testId: string; children: ReactNode }) {
  return (
    <Button size="2xs" variant="plain" colorPalette="teal" px="0" alignSelf="start" onClick={onClick} data-testid={testId}>
      {children}
    </Button>
  );
}
