/**
 * The order pages (issue 7): the order center, detail, create, payment pages, the wallet and the
 * automation panel, in their own chunk. The stores, the wallet balance and the navigation counts
 * come from the other features here.
 */
import { useCallback, useMemo } from 'react';
import { useSWRConfig } from 'swr';
import { STATISTIC_KEY } from '@/features/account';
import { useStores } from '@/features/channels';
import { AutomationPage } from '@/features/order-automation';
import { CreateOrderPage, OrderCenterPage, OrderDetailPage, PaymentConfirmationPage } from '@/features/orders';
import { PaymentSuccessPage, WALLET_KEY, WalletPage, useWallet } from '@/features/wallet';
import { toAmount } from '@/lib/money';

export const WALLET_PATH = '/app/setting/wallet';
export const AUTOMATION_PATH = '/app/setting/order/order-placement';
export const ORDERS_PATH = '/app/orders';

function useBalance() {
  const { data } = useWallet();
  return toAmount(data?.total_balance);
}

/** After orders changed: the navigation's order count and the wallet. */
function useOnOrdersChanged() {
  const { mutate } = useSWRConfig();
  return useCallback(() => {
    void mutate(STATISTIC_KEY);
    void mutate(WALLET_KEY);
  }, [mutate]);
}

export function OrdersRoute() {
  const { data } = useStores();
  const stores = useMemo(() => (data?.stores ?? []).map((s) => ({ id: s.id, name: s.name || s.platform_domain })), [data]);
  return <OrderCenterPage stores={stores} balance={useBalance()} walletPath={WALLET_PATH} automationPath={AUTOMATION_PATH} onChanged={useOnOrdersChanged()} />;
}

export function OrderDetailRoute() {
  return <OrderDetailPage balance={useBalance()} />;
}

export function CreateOrderRoute() {
  return <CreateOrderPage onCreated={useOnOrdersChanged()} />;
}

export function PaymentConfirmationRoute() {
  return <PaymentConfirmationPage balance={useBalance()} walletPath={WALLET_PATH} onPaid={useOnOrdersChanged()} />;
}

export function PaymentSuccessRoute() {
  return <PaymentSuccessPage walletPath={WALLET_PATH} ordersPath={ORDERS_PATH} />;
}

export function WalletRoute() {
  return <WalletPage />;
}

export function AutomationRoute() {
  return <AutomationPage />;
}
