/**
 * The push toast of the shell. Loaded in its own chunk (with the push and product-center
 * features the product pages share), so the shell's first load stays small.
 */
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { STATISTIC_KEY } from '@/features/account';
import { useRefreshPushed } from '@/features/product-center';
import { PushToast } from '@/features/push';

export default function PushToastHost() {
  const { mutate } = useSWRConfig();
  const refreshPushed = useRefreshPushed();
  // A push item that ends changes the product center and its badge.
  const onSettled = useCallback(() => {
    void refreshPushed();
    void mutate(STATISTIC_KEY);
  }, [refreshPushed, mutate]);
  return <PushToast onSettled={onSettled} />;
}
