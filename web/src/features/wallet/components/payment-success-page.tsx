import { Button, Center, HStack, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CheckIcon } from '@/components/icons';
import { useDocumentTitle } from '@/components/use-document-title';
import { formatMoney, toAmount } from '@/lib/money';
import { pendingTopup, useWallet } from '../api/wallet';

/** How long the page waits for the vendor's webhook to raise the balance. */
export const CONFIRM_WAIT_MS = 30_000;
const POLL_MS = 1500;

/**
 * /app/orders/payment-success: where the vendor's checkout returns after a top-up. The balance
 * rises when the vendor's webhook arrives, so the wallet is read again until it changes.
 */
export function PaymentSuccessPage({ walletPath, ordersPath }: { walletPath: string; ordersPath: string }) {
  const { t, i18n } = useTranslation();
  const [polling, setPolling] = useState(true);
  const { data } = useWallet(true, polling ? POLL_MS : 0);
  // The balance before the checkout (kept by the top-up), else the first one read here.
  const first = useRef<number | null>(pendingTopup.get()?.before ?? null);
  const total = toAmount(data?.total_balance);
  if (first.current === null && total !== null) first.current = total;
  const raised = total !== null && first.current !== null && total > first.current;
  useDocumentTitle(t('pages.paymentSuccess'));
  useEffect(() => {
    const timer = setTimeout(() => setPolling(false), CONFIRM_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (!raised) return;
    setPolling(false);
    pendingTopup.clear();
  }, [raised]);

  return (
    <Center minH="50vh" data-testid="payment-success-page" data-raised={raised}>
      <Stack gap="4" align="center" textAlign="center" maxW="md">
        <Center boxSize="14" borderRadius="full" bg="green.100" color="green.700">
          <CheckIcon boxSize="7" />
        </Center>
        <Heading as="h1" size="xl" data-testid="page-title">
          {t('wallet.success.title')}
        </Heading>
        <Text color="fg.muted">{raised ? t('wallet.success.credited') : t('wallet.success.waiting')}</Text>
        <HStack gap="2">
          {polling ? <Spinner size="sm" /> : null}
          <Text fontWeight="semibold" data-testid="payment-success-balance">
            {t('wallet.balance.total')}: {formatMoney(total, 'USD', i18n.language)}
          </Text>
        </HStack>
        <HStack gap="3">
          <Button asChild colorPalette="teal">
            <RouterLink to={walletPath} data-testid="payment-success-wallet">
              {t('wallet.title')}
            </RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to={ordersPath}>{t('orders.backToOrders')}</RouterLink>
          </Button>
        </HStack>
      </Stack>
    </Center>
  );
}
