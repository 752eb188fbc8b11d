import { Badge, type BadgeProps } from '@chakra-ui/react';
import { formatBadgeCount } from '@/lib/format';

/** A small count badge capped at 99+; renders nothing for zero. */
export function CountBadge({ count, ...rest }: { count: number | null | undefined } & BadgeProps) {
  const text = formatBadgeCount(count);
  if (!text) return null;
  return (
    <Badge colorPalette="red" variant="solid" borderRadius="full" fontSize="2xs" px="1.5" minW="5" justifyContent="center" {...rest}>
      {text}
    </Badge>
  );
}
