import { Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { ChevronLeftIcon } from '@/components/icons';

interface BackLinkProps {
  to: string;
  /** Where it goes back to (the list's name). */
  label: string;
  testId?: string;
  color?: 'fg.muted' | 'teal.700';
}

/** Above a detail page: back to its list. */
export function BackLink({ to, label, testId, color = 'fg.muted' }: BackLinkProps) {
  return (
    <Link asChild fontSize="sm" color={color} w="fit-content">
      <RouterLink to={to} data-testid={testId}>
        {/* The arrow points the way back, which is to the right in a right-to-left page. */}
        <ChevronLeftIcon css={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }} />
        {label}
      </RouterLink>
    </Link>
  );
}
