import { Box, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/money';
import { SectionCard } from '@/components/ui/section-card';
import { useWalletChart } from '../api/wallet';
import { chartBars } from '../lib/chart';

/** The balance over the last 30 days, one bar a day (title: the day's balance, top-ups and spending). */
export function BalanceChart() {
  const { t, i18n } = useTranslation();
  const { data } = useWalletChart(30);
  const bars = chartBars(data?.points ?? []);
  return (
    <SectionCard title={t('wallet.chart.title')} testId="wallet-chart">
      {bars.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('wallet.chart.empty')}
        </Text>
      ) : (
        <HStack gap="1" align="end" h="32" dir="ltr" role="img" aria-label={t('wallet.chart.title')}>
          {bars.map((b) => (
            <Box
              key={b.date}
              flex="1"
              minW="1"
              h={`${Math.max(2, b.height * 100)}%`}
              bg={b.spent > b.topup ? 'orange.400' : 'teal.500'}
              borderTopRadius="sm"
              title={t('wallet.chart.tooltip', {
                date: b.date,
                balance: formatMoney(b.balance, 'USD', i18n.language),
                topup: formatMoney(b.topup, 'USD', i18n.language),
                spent: formatMoney(b.spent, 'USD', i18n.language),
              })}
              data-testid="wallet-chart-bar"
            />
          ))}
        </HStack>
      )}
    </SectionCard>
  );
}
