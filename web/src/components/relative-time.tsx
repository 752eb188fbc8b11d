import { Text, type TextProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { formatRelativeTime } from '@/lib/relative-time';

/** "Just now", "5 minute(s) ago", "2 hour(s) ago", else the date and time (spec section 5); the exact instant in its title. */
export function RelativeTime({ iso, ...rest }: { iso: string } & TextProps) {
  const { t } = useTranslation();
  const text = formatRelativeTime(iso, new Date(), currentLanguage(), t);
  if (!text) return null;
  return (
    <Text as="span" title={new Date(iso).toISOString()} {...rest}>
      {text}
    </Text>
  );
}
