/**
 * The order pages (issue 7) and the signed-in tracking pages (issue 8): the order center with its
 * shipment tab, detail with the shipment panel, create, payment pages, the wallet, the automation
 * panel, the tracking center and settings, in their own chunk. The stores, the wallet balance and the navigation counts
 * come from the other features here.
 */
import { useCallback, useEffect, useMemo } from 'react';
import { useSWRConfig } from 'swr';
import { STATISTIC_KEY } from '@/features/account';
import { useStores } from '@/features/channels';
import { updateQuickStart } from '@/features/quick-start';
import { AutomationPage } from '@/features/order-automation';
import { AliExpressBindPage, CreateOrderPage, OrderCenterPage, OrderDetailPage, PaymentConfirmationPage } from '@/features/orders';
import { ManageTrackingPage, ParcelsCell, ShipmentPanel, ShipmentTabActions, TrackingCenterPage } from '@/features/tracking';
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

/** /app/auth/bind/aliexpress: AliExpress's sign-in comes back here. */
export function AliExpressBindRoute() {
  return <AliExpressBindPage />;
}

export function OrdersRoute() {
  const { data } = useStores();
  const stores = useMemo(() => (data?.stores ?? []).map((s) => ({ id: s.id, name: s.name || s.platform_domain })), [data]);
  const onChanged = useOnOrdersChanged();
  // The order checklist's steps: the owner opened the order center, and saw a ready order in it.
  useEffect(() => void updateQuickStart({ step: 'NAVIGATE_TO_ORDER_CENTER' }), []);
  const onReadyShown = useCallback(() => void updateQuickStart({ step: 'FIND_READY_ORDER' }), []);
  return (
    <OrderCenterPage
      onReadyShown={onReadyShown}
      stores={stores}
      balance={useBalance()}
      walletPath={WALLET_PATH}
      automationPath={AUTOMATION_PATH}
      onChanged={onChanged}
      renderParcels={(order) => <ParcelsCell order={order} />}
      shipmentActions={<ShipmentTabActions onFinished={onChanged} />}
    />
  );
}

export function OrderDetailRoute() {
  return (
    <OrderDetailPage
      balance={useBalance()}
      renderShipments={(order, onChanged) => <ShipmentPanel orderId={order.id} publicId={order.public_id} onChanged={onChanged} />}
    />
  );
}

export function TrackingCenterRoute() {
  return <TrackingCenterPage />;
}

export function ManageTrackingRoute() {
  return <ManageTrackingPage />;
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
