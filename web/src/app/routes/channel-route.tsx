import { useAccount } from '@/features/account';
import { ChannelPage } from '@/features/channels';

/** The channel page with the account's linked stores (for the StoreAlreadyExists check). */
export function ChannelRoute() {
  const { data: account } = useAccount();
  return <ChannelPage linkedStores={account?.linked_stores} />;
}
