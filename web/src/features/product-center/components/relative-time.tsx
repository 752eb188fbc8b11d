import { Text, type TextProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { relativeTime } from '../lib/sync-state';

/** "Just now", "5 minutes ago", "2 hours ago", else the date and time (spec section 5). */
export function RelativeTime({ iso, ...rest }: { iso: string } & TextProps) {
  const { t } = useTranslation();
  const r = relativeTime(iso, new Date());
  if (!r) return null;
  let text: string;
  if (r.kind === 'justNow') text = t('productCenter.time.justNow');
  else if (r.kind === 'minutes') text = t('productCenter.time.minutesAgo', { count: r.count });
  else if (r.kind === 'hours') text = t('productCenter.time.hoursAgo', { count: r.count });
  else
    text = new Intl.DateTimeFormat(currentLanguage(), {
      month: 'short',
      day: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
    }).format(r.date);
  return (
    <Text as="span" title={new Date(iso).toISOString()} {...rest}>
      {text}
    </Text>
  );
}
