import { SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/money';
import type { Wallet } from '@/types/wallet';
import { SectionCard } from '@/components/ui/section-card';

function Amount({ label, value, testId, strong }: { label: string; value: number | string | undefined; testId: string; strong?: boolean }) {
  const { i18n } = useTranslation();
  return (
    <Stack gap="0.5">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text
        fontSize={strong ? '2xl' : 'lg'}
        fontWeight={strong ? 'bold' : 'semibold'}
        dir="ltr"
        textAlign="start"
        data-testid={testId}
        data-value={value ?? ''}
      >
        {formatMoney(value, 'USD', i18n.language)}
      </Text>
    </Stack>
  );
}

/** Total balance, with the topped-up and bonus parts. */
export function BalanceCard({ wallet }: { wallet: Wallet | undefined }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('wallet.balance.title')} testId="wallet-balance">
      {wallet ? (
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
          <Amount label={t('wallet.balance.total')} value={wallet.total_balance} testId="wallet-total" strong />
          <Amount label={t('wallet.balance.topup')} value={wallet.balance_topup} testId="wallet-topup-balance" />
          <Amount label={t('wallet.balance.bonus')} value={wallet.balance_bonus} testId="wallet-bonus" />
        </SimpleGrid>
      ) : (
        <Skeleton h="12" />
      )}
    </SectionCard>
  );
}
