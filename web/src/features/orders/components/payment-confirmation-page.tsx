import { Box, Button, HStack, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/components/use-document-title';
import { round2, toAmount } from '@/lib/money';
import { sourceName } from '@/lib/sources';
import { notify } from '@/lib/toaster';
import type { PayMethod } from '@/types/orders';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { ErrorAlert } from '@/components/ui/error-alert';
import { payOrders, useOrderList, useRefreshOrders } from '../api/orders';
import { parseOrderIds, readFilters } from '../lib/filters';
import { waitingPayment } from '../lib/order-math';
import { Money } from './order-cells';

export interface PaymentConfirmationPageProps {
  balance?: number | null;
  walletPath: string;
  onPaid?: () => void;
}

/** /app/orders/payment-confirmation: the supplier orders waiting for payment, paid at once by wallet or card. */
export function PaymentConfirmationPage({ balance, walletPath, onPaid }: PaymentConfirmationPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const only = useMemo(() => new Set(parseOrderIds(params.get('orders'))), [params]);
  const filters = useMemo(
    () => ({ ...readFilters(new URLSearchParams({ tab: 'payment', status: 'waiting_payment' })), from: '2000-01-01' }),
    [],
  );
  const list = useOrderList(filters);
  const refresh = useRefreshOrders();
  const [method, setMethod] = useState<PayMethod>('wallet');
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t('pages.paymentConfirmation'));
  const orders = (list.data?.items ?? []).filter((o) => only.size === 0 || only.has(String(o.id)));
  const sources = orders.flatMap((o) => waitingPayment(o).map((so) => ({ so, order: o })));
  const total = round2(sources.reduce((s, x) => s + (toAmount(x.so.total) ?? 0), 0));
  const short = method === 'wallet' && balance != null && balance < total;

  async function pay() {
    setBusy(true);
    const res = await payOrders(
      sources.map((x) => x.so.id),
      method,
    );
    setBusy(false);
    if (!res.success) {
      notify('error', res.message === 'InsufficientBalance' ? t('orders.pay.insufficient') : res.message || t('orders.actionFailed'));
      return;
    }
    const failed = (res.data?.items ?? []).filter((i) => i.status === 'error');
    if (failed.length > 0) notify('error', failed.map((f) => f.message || t('orders.actionFailed')).join(' · '));
    else notify('success', t('orders.done.pay'));
    await refresh();
    onPaid?.();
    navigate('/app/orders?tab=payment');
  }

  return (
    <Stack gap="4" maxW="3xl" data-testid="payment-confirmation-page">
      <Heading as="h1" size="2xl" data-testid="page-title">
        {t('pages.paymentConfirmation')}
      </Heading>
      {list.error ? <ErrorAlert message={list.error.message || t('orders.loadFailed')} /> : null}
      {list.isLoading ? <Skeleton h="32" borderRadius="xl" /> : null}
      {list.data && sources.length === 0 ? (
        <Box borderWidth="1px" borderStyle="dashed" borderRadius="xl" p="8" textAlign="center" data-testid="payment-confirmation-empty">
          <Text mb="3">{t('orders.pay.nothing')}</Text>
          <Button asChild colorPalette="teal">
            <RouterLink to="/app/orders">{t('orders.backToOrders')}</RouterLink>
          </Button>
        </Box>
      ) : null}
      {sources.length > 0 ? (
        <Stack gap="3" bg="bg" borderWidth="1px" borderRadius="xl" p="4">
          {sources.map(({ so, order }) => (
            <HStack key={so.id} justify="space-between" py="1" borderBottomWidth="1px" data-testid="payment-confirmation-item">
              <Text>
                {order.name} · {sourceName(so.source)}
              </Text>
              <Money value={so.total} currency="USD" />
            </HStack>
          ))}
          <HStack justify="space-between">
            <Text fontWeight="semibold">{t('orders.pay.total')}</Text>
            <Text fontWeight="semibold" data-testid="payment-confirmation-total">
              <Money value={total} currency="USD" />
            </Text>
          </HStack>
          <ChoiceGroup
            value={method}
            onChange={setMethod}
            choices={['wallet', 'card'] as const}
            label={(m) => t(`orders.pay.methods.${m}`)}
            testId="confirm-method"
            direction="row"
          />
          {balance != null ? (
            <Text fontSize="sm" color="fg.muted">
              {t('orders.pay.balance')}: <Money value={balance} currency="USD" />
            </Text>
          ) : null}
          {short ? (
            <HStack justify="space-between" color="fg.error" fontSize="sm">
              <Text>{t('orders.pay.insufficient')}</Text>
              <Button asChild size="xs" colorPalette="teal" variant="outline">
                <RouterLink to={walletPath}>{t('wallet.topup.title')}</RouterLink>
              </Button>
            </HStack>
          ) : null}
          <Button colorPalette="teal" onClick={() => void pay()} loading={busy} disabled={short} data-testid="payment-confirmation-pay">
            {t('orders.pay.confirm')}
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
