/** The placement toast of the shell, in the order pages' chunk. */
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { STATISTIC_KEY } from '@/features/account';
import { PlacementToast, useRefreshOrders } from '@/features/orders';
import { WALLET_KEY } from '@/features/wallet';

export default function PlacementToastHost() {
  const { mutate } = useSWRConfig();
  const refresh = useRefreshOrders();
  // A placement that ends moves orders between tabs and may have paid from the wallet.
  const onSettled = useCallback(() => {
    void refresh();
    void mutate(STATISTIC_KEY);
    void mutate(WALLET_KEY);
  }, [refresh, mutate]);
  return <PlacementToast onSettled={onSettled} />;
}
