/**
 * The pages that push: the import list and the product center open the push modal, which gets
 * the destinations (stores, channels), the listing quota and the account's flags from here.
 */
import { useCallback, useMemo, useState } from 'react';
import { useSWRConfig } from 'swr';
import { STATISTIC_KEY, isBillingHidden, useAccount } from '@/features/account';
import { CHANGE_PLAN_PATH, CURRENT_PLAN_KEY, useCurrentPlan } from '@/features/billing';
import { useChannels, useCurrentShop } from '@/features/channels';
import { ImportListPage, ProductEditor } from '@/features/import-list';
import { AutoUpdatePage, ProductCenterPage, PushedEditorPage, useRefreshPushed } from '@/features/product-center';
import { type PushMode, PushModal, listingQuota, trackPush } from '@/features/push';
import { QUICK_START_KEY } from '@/features/quick-start';
import type { PushProduct } from '@/types/push';
import { aiAssist, libraryImages } from './editor-slots';

export const CHANNEL_PATH = '/app/channel';

/** Everything the push modal needs besides its products. */
function usePushContext() {
  const { data: account } = useAccount();
  const { stores, current, isLoading: storesLoading, error: storesError } = useCurrentShop();
  const channels = useChannels();
  const plan = useCurrentPlan();
  const { mutate } = useSWRConfig();
  const refreshPushed = useRefreshPushed();

  // The current shop first: it is the one ticked when the modal opens.
  const ordered = useMemo(() => (current ? [current, ...stores.filter((s) => s.id !== current.id)] : stores), [stores, current]);
  const onPushed = useCallback(() => {
    void mutate(CURRENT_PLAN_KEY);
    void mutate(STATISTIC_KEY);
    void mutate(QUICK_START_KEY, undefined);
    void refreshPushed();
  }, [mutate, refreshPushed]);

  return {
    stores: storesLoading && !storesError ? undefined : ordered,
    channels: channels.data?.channels ?? (channels.error ? [] : undefined),
    quota: plan.data ? listingQuota(plan.data.package.features) : plan.error ? null : undefined,
    isMarketingUser: Boolean(account?.is_user_mkt),
    upgradePath: isBillingHidden(account) ? null : CHANGE_PLAN_PATH,
    onPushed,
    onQuotaExceeded: () => void mutate(CURRENT_PLAN_KEY),
  };
}

interface Opened {
  mode: PushMode;
  products: PushProduct[];
  key: number;
}

/** The push modal of a page and a way to open it; `pushed` counts the pushes made from it. */
function usePushModal() {
  const ctx = usePushContext();
  const [opened, setOpened] = useState<Opened | null>(null);
  const [pushed, setPushed] = useState(0);
  const { onPushed } = ctx;
  const afterPush = useCallback(() => {
    setPushed((n) => n + 1);
    onPushed();
  }, [onPushed]);
  const open = useCallback((products: PushProduct[], mode: PushMode = 'push') => setOpened({ products, mode, key: Date.now() }), []);
  const modal = (
    <PushModal
      key={opened?.key ?? 0}
      open={opened !== null}
      mode={opened?.mode ?? 'push'}
      products={opened?.products ?? []}
      channelPath={CHANNEL_PATH}
      onClose={() => setOpened(null)}
      {...ctx}
      onPushed={afterPush}
    />
  );
  return { open, modal, pushed };
}

export function ImportListRoute() {
  const { mutate } = useSWRConfig();
  const push = usePushModal();
  return (
    <>
      <ImportListPage onChanged={() => void mutate(STATISTIC_KEY)} onPush={(items) => push.open(items)} selectionKey={push.pushed} />
      {push.modal}
    </>
  );
}

/** Destination key → a store's name (its domain when unnamed); channels keep the API's label. */
function useLabelOf() {
  const { stores } = useCurrentShop();
  return useCallback(
    (destination: string, fallback: string) => {
      const store = stores.find((s) => s.id === destination);
      return store ? store.name || store.platform_domain : fallback;
    },
    [stores],
  );
}

export function ProductCenterRoute() {
  const push = usePushModal();
  const labelOf = useLabelOf();
  return (
    <>
      <ProductCenterPage onPushAgain={(products) => push.open(products, 'update')} labelOf={labelOf} selectionKey={push.pushed} />
      {push.modal}
    </>
  );
}

/** /app/products-center/editor/{id}: the import list's editor, saving then updating the product's stores. */
export function ProductCenterEditorRoute() {
  const labelOf = useLabelOf();
  const { mutate } = useSWRConfig();
  return (
    <PushedEditorPage
      labelOf={labelOf}
      onPushStarted={(ids) => {
        trackPush(ids);
        void mutate(STATISTIC_KEY);
      }}
      editor={(slot) => <ProductEditor {...slot} assist={aiAssist} imageTools={libraryImages} />}
    />
  );
}

export function AutoUpdateRoute() {
  return <AutoUpdatePage />;
}
