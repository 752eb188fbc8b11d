import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { type DisplayRates, convert } from '@/lib/display-money';
import { currentLanguage } from '@/lib/i18n';
import { formatMoneyRange, toAmount } from '@/lib/money';

interface Props {
  /** The range's ends, in `currency`. */
  from: number | string | null | undefined;
  to: number | string | null | undefined;
  currency: string;
  display: DisplayRates | undefined;
  testId?: string;
}

/**
 * "≈ €45.00 - €50.00" under an amount kept in another currency (Dropline edits in USD): the same
 * range in the workspace's display currency. Nothing when the currencies agree or no rate is known.
 */
export function DisplayEquivalent({ from, to, currency, display, testId }: Props) {
  const { t } = useTranslation();
  if (!display || display.currency.toUpperCase() === currency.toUpperCase()) return null;
  const lo = convert(toAmount(from), currency, display);
  const hi = convert(toAmount(to), currency, display);
  if (lo === null && hi === null) return null;
  const amount = formatMoneyRange(lo, hi, display.currency, currentLanguage());
  return (
    <Text fontSize="xs" color="fg.muted" title={t('common.approxTitle', { amount })} data-testid={testId}>
      <bdi dir="ltr">{t('common.approx', { amount })}</bdi>
    </Text>
  );
}
