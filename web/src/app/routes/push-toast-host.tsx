/**
 * The push toast of the shell. Loaded in its own chunk (with the push and product-center
 * features the product pages share), so the shell's first load stays small.
 */
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { STATISTIC_KEY } from '@/features/account';
import { useRefreshImportList } from '@/features/import-list';
import { useRefreshPushed } from '@/features/product-center';
import { PushToast } from '@/features/push';

export default function PushToastHost() {
  const { mutate } = useSWRConfig();
  const refreshPushed = useRefreshPushed();
  const refreshImportList = useRefreshImportList();
  // A push item that ends changes the product center, its badge and the import list (a pushed
  // product leaves it).
  const onSettled = useCallback(() => {
    void refreshPushed();
    void refreshImportList();
    void mutate(STATISTIC_KEY);
  }, [refreshPushed, refreshImportList, mutate]);
  return <PushToast onSettled={onSettled} />;
}
