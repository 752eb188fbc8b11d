import { useCallback, useState } from 'react';
import { useSWRConfig } from 'swr';
import { STATISTIC_KEY, isBillingHidden, useAccount } from '@/features/account';
import { CHANGE_PLAN_PATH, CURRENT_PLAN_KEY } from '@/features/billing';
import { useCurrentShop } from '@/features/channels';
import { FeedbackDialog, scheduleFeedback } from '@/features/feedback';
import { CollectionsPage, FavouritesPage, FindProductPage, ProductDetailPage } from '@/features/find-product';
import { EditorPage } from '@/features/import-list';
import { MapProductPage, MappingPage } from '@/features/mapping';
import { ProductSettingsPage } from '@/features/product-settings';
import { QUICK_START_KEY } from '@/features/quick-start';
import { aiAssist, libraryImages } from './editor-slots';

export { AutoUpdateRoute, ImportListRoute, ProductCenterEditorRoute, ProductCenterRoute } from './push-routes';

/** What the find pages need from the account and the plan: where to upgrade, what to refresh after an import. */
function useImportContext() {
  const { data: account } = useAccount();
  const { mutate } = useSWRConfig();
  const onImported = useCallback(() => {
    // Spec section 4: an ok import refreshes the plan (usage); the import-list badge and the
    // quick-start step follow.
    void mutate(CURRENT_PLAN_KEY);
    void mutate(STATISTIC_KEY);
    void mutate(QUICK_START_KEY, undefined);
  }, [mutate]);
  return { upgradePath: isBillingHidden(account) ? null : CHANGE_PLAN_PATH, onImported };
}

/** Refreshes the navigation counts (import_list badge) after the import list changed. */
function useRefreshCounts() {
  const { mutate } = useSWRConfig();
  return useCallback(() => void mutate(STATISTIC_KEY), [mutate]);
}

export function FindProductRoute() {
  // Spec section 4: the feedback widget, once, 5 s after a multi-import.
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const onMultiImported = useCallback(() => void scheduleFeedback(() => setFeedbackOpen(true)), []);
  return (
    <>
      <FindProductPage {...useImportContext()} onMultiImported={onMultiImported} />
      <FeedbackDialog open={feedbackOpen} context="multi_import" onClose={() => setFeedbackOpen(false)} />
    </>
  );
}

export function ProductDetailRoute() {
  return <ProductDetailPage {...useImportContext()} />;
}

export function FavouritesRoute() {
  return <FavouritesPage {...useImportContext()} />;
}

export function CollectionsRoute() {
  return <CollectionsPage />;
}

export function EditorRoute() {
  const refreshCounts = useRefreshCounts();
  return <EditorPage onDeleted={refreshCounts} onChanged={refreshCounts} assist={aiAssist} imageTools={libraryImages} />;
}

export function ProductSettingsRoute() {
  return <ProductSettingsPage />;
}

/** /app/products: the store selector's current shop decides whose products are listed. */
export function ProductsRoute() {
  const { current, isLoading } = useCurrentShop();
  return (
    <MappingPage
      storeId={current?.id ?? null}
      storeName={current?.name || current?.platform_domain}
      storesLoading={isLoading}
      connectPath="/app/channel"
    />
  );
}

export function MapProductRoute() {
  const { current } = useCurrentShop();
  return <MapProductPage currency={current?.currency || 'USD'} />;
}
