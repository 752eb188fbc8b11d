import { Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/**
 * Link to a product detail: a new tab on desktop, the same page on mobile or when embedded
 * (spec section 2).
 */
export function DetailLink({ to, newTab, children, testId }: { to: string; newTab: boolean; children: ReactNode; testId?: string }) {
  if (newTab) {
    return (
      <Link
        href={to}
        target="_blank"
        rel="noopener"
        color="inherit"
        _hover={{ textDecoration: 'none' }}
        display="block"
        data-testid={testId}
      >
        {children}
      </Link>
    );
  }
  return (
    <Link asChild color="inherit" _hover={{ textDecoration: 'none' }} display="block" data-testid={testId}>
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}
