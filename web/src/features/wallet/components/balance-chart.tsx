import { Box, Grid, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/money';
import { SectionCard } from '@/components/ui/section-card';
import { useWalletChart } from '../api/wallet';
import { chartBars } from '../lib/chart';

/** A day (`YYYY-MM-DD`) as the reader's locale writes a short date. */
function shortDate(day: string, lng: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(lng, { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/**
 * The balance over the last 30 days, one bar a day (title: the day's balance, top-ups and
 * spending), with the balance scale on the side and the first and last days below.
 */
export function BalanceChart() {
  const { t, i18n } = useTranslation();
  const { data } = useWalletChart(30);
  const bars = chartBars(data?.points ?? []);
  const money = (n: number) => formatMoney(n, 'USD', i18n.language);
  const max = Math.max(0, ...bars.map((b) => b.balance));
  return (
    <SectionCard title={t('wallet.chart.title')} testId="wallet-chart">
      {bars.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('wallet.chart.empty')}
        </Text>
      ) : (
        <Grid templateColumns="auto 1fr" columnGap="2" dir="ltr">
          <Stack justify="space-between" h="32" fontSize="xs" color="fg.muted" textAlign="end" data-testid="wallet-chart-scale">
            <Text>{money(max)}</Text>
            <Text>{money(max / 2)}</Text>
            <Text>{money(0)}</Text>
          </Stack>
          <HStack gap="1" align="end" h="32" borderStartWidth="1px" borderBottomWidth="1px" role="img" aria-label={t('wallet.chart.title')}>
            {bars.map((b) => (
              <Box
                key={b.date}
                flex="1"
                minW="1"
                h={`${Math.max(2, b.height * 100)}%`}
                bg={b.spent > b.topup ? 'orange.400' : 'teal.500'}
                borderTopRadius="sm"
                title={t('wallet.chart.tooltip', {
                  date: shortDate(b.date, i18n.language),
                  balance: money(b.balance),
                  topup: money(b.topup),
                  spent: money(b.spent),
                })}
                data-testid="wallet-chart-bar"
              />
            ))}
          </HStack>
          <Box />
          <HStack justify="space-between" fontSize="xs" color="fg.muted" data-testid="wallet-chart-days">
            <Text>{shortDate(bars[0].date, i18n.language)}</Text>
            <Text>{shortDate(bars[bars.length - 1].date, i18n.language)}</Text>
          </HStack>
        </Grid>
      )}
    </SectionCard>
  );
}
