import { Grid, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/components/use-document-title';
import { PageHeader } from '@/components/ui/list-page';
import { useWallet } from '../api/wallet';
import { BalanceCard } from './balance-card';
import { BalanceChart } from './balance-chart';
import { PaymentSettingCard } from './payment-setting-card';
import { TopupCard } from './topup-card';
import { TransactionsCard } from './transactions-card';

/** /app/setting/wallet: balance, top-up, chart, transactions and the payment setting. */
export function WalletPage() {
  const { t } = useTranslation();
  const { data: wallet, mutate } = useWallet();
  useDocumentTitle(t('wallet.title'));
  return (
    <Stack gap="4" maxW="6xl" data-testid="wallet-page">
      <PageHeader title={t('wallet.title')} subtitle={t('wallet.subtitle')} />
      <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="4" alignItems="start">
        <Stack gap="4">
          <BalanceCard wallet={wallet} />
          <BalanceChart />
          <TransactionsCard />
        </Stack>
        <Stack gap="4">
          <TopupCard wallet={wallet} onPolicyAccepted={(w) => void mutate(w, { revalidate: false })} />
          <PaymentSettingCard />
        </Stack>
      </Grid>
    </Stack>
  );
}
