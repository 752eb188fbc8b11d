import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { notify } from '@/lib/toaster';
import type { SalesChannel, Store } from '@/types/api';
import type { PushProduct, PushQuotaData, PushResult } from '@/types/push';
import {
  type Choice,
  type Choices,
  channelsPayload,
  initialChoices,
  pushedDestinations,
  splitUpdate,
  toDestinations,
} from '../lib/destinations';
import { addPush, pushSession } from '../lib/push-session';
import { type ListingQuota, checkQuota, requiredUnits, variantWarnings } from '../lib/quota';
import { type PushMode, channelError, mustGoToChannels, pushDisabled, pushOutcome } from '../lib/rules';
import { hasSmartPushTargets, isSmartPushActive, smartPushChannels, withAutoPush } from '../lib/smart-push';
import { AUTOMATION_KEY, pushProducts, saveAutomation, updatePush, useAutomation, useChannelSettingsMap } from './push';

export interface PushFormInput {
  mode: PushMode;
  products: PushProduct[];
  /** undefined while loading. */
  stores: Store[] | undefined;
  channels: SalesChannel[] | undefined;
  /** LISTING_PRODUCTS of the current plan: undefined while loading, null when the plan lacks it. */
  quota: ListingQuota | null | undefined;
  isMarketingUser: boolean;
  onPushed?: (result: PushResult) => void;
  /** The API refused the push for quota: the plan's usage is stale. */
  onQuotaExceeded?: () => void;
  onClose: () => void;
  goToChannels: () => void;
}

/** Known server messages of a push, translated under push.errors. */
const KNOWN_ERRORS = new Set(['NeedToSelectAtLeastChannel', 'GoToMyChannel', 'DataNotFound', 'UpgradeToContinueListingProducts']);

/** State and actions of the push modal (spec sections 2, 4, 5, 8). */
export function usePushForm(input: PushFormInput) {
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const { mode, stores, channels, quota } = input;
  const destinations = useMemo(() => toDestinations(stores, channels), [stores, channels]);
  const settingsMap = useChannelSettingsMap();
  const automation = useAutomation(mode === 'push');
  const [products, setProducts] = useState<PushProduct[]>(input.products);
  const [choices, setChoices] = useState<Choices | null>(null);
  const [smart, setSmart] = useState<boolean | null>(null);
  const [autoPush, setAutoPush] = useState(false);
  const [serverQuota, setServerQuota] = useState<PushQuotaData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const destinationsLoading = stores === undefined || channels === undefined;
  const settingsReady = !settingsMap.isLoading;
  useEffect(() => {
    if (choices || destinationsLoading || !settingsReady) return;
    const preselect = mode === 'update' ? pushedDestinations(input.products, destinations) : undefined;
    setChoices(initialChoices(destinations, settingsMap.data?.channels, preselect));
  }, [choices, destinationsLoading, settingsReady, destinations, settingsMap.data, mode, input.products]);

  const automationSettings = automation.data?.automation_product_settings;
  const storeCount = destinations.filter((d) => d.kind === 'store').length;
  const smartAvailable = mode === 'push' && hasSmartPushTargets(automationSettings);
  const smartOn = smartAvailable && (smart ?? isSmartPushActive(automationSettings, storeCount, new Date()));
  const channelsToSend = useMemo(
    () => (smartOn ? smartPushChannels(automationSettings, destinations) : channelsPayload(destinations, choices ?? {})),
    [smartOn, automationSettings, destinations, choices],
  );
  const selected = Object.keys(channelsToSend);
  const required = requiredUnits(products, selected);
  const check = checkQuota(quota ?? null, required);
  const outOfQuota = quota !== undefined && check.over;
  const banner = serverQuota
    ? { usage: serverQuota.usage + serverQuota.total_push, limit: serverQuota.limit }
    : outOfQuota
      ? { usage: (quota?.usage ?? 0) + required, limit: quota?.limit ?? 0 }
      : null;
  const split = mode === 'update' ? splitUpdate(products, selected) : null;
  const loading = destinationsLoading || quota === undefined || !choices || (mode === 'push' && automation.isLoading);
  const goToChannels = mustGoToChannels({
    isMarketingUser: input.isMarketingUser,
    destinationCount: destinations.length,
    loading: destinationsLoading,
  });
  const disabled =
    !goToChannels &&
    pushDisabled({
      loading: loading || busy,
      productCount: products.length,
      mode,
      nothingToPush: split !== null && split.push.length + split.update.length === 0,
      outOfQuota,
    });

  const setChoice = (key: string, patch: Partial<Choice>) => {
    setError(null);
    setChoices((c) => (c && c[key] ? { ...c, [key]: { ...c[key], ...patch } } : c));
  };
  const removeProduct = (id: string) => setProducts((list) => (list.length < 2 ? list : list.filter((p) => p.id !== id)));
  const translate = (message: string) => (KNOWN_ERRORS.has(message) ? t(`push.errors.${message}`) : message || t('push.failed'));

  async function submit() {
    if (goToChannels) return input.goToChannels();
    if (disabled) return;
    const problem = channelError(mode, selected.length, smartOn);
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    if (mode === 'push' && !smartOn && autoPush) {
      const saved = await saveAutomation(withAutoPush(automationSettings, channelsToSend, true));
      if (saved.success) void mutate(AUTOMATION_KEY);
      else notify('error', t('push.autoPushFailed'));
    }
    const ids = products.map((p) => p.id);
    const res = split ? await updatePush(channelsToSend, split.push, split.update) : await pushProducts(channelsToSend, ids);
    setBusy(false);
    const outcome = pushOutcome(res);
    if (outcome.kind === 'quota') {
      setServerQuota(outcome.quota);
      input.onQuotaExceeded?.();
      notify('error', outcome.message && outcome.message !== 'QUOTA_EXPIRED' ? translate(outcome.message) : t('push.quota.title'));
      return;
    }
    if (outcome.kind === 'channels') return input.goToChannels();
    if (outcome.kind === 'error') {
      if (outcome.message === 'NeedToSelectAtLeastChannel') return setError(outcome.message);
      notify('error', translate(outcome.message));
      return;
    }
    const result = res.data as PushResult;
    pushSession.set(addPush(pushSession.get(), result?.progress_ids ?? []));
    const warned = result?.warnings?.length ?? 0;
    if (warned > 0) notify('warning', t('push.variantWarningCount', { count: warned }));
    input.onPushed?.(result);
    input.onClose();
  }

  return {
    destinations,
    choices,
    setChoice,
    products,
    removeProduct,
    warnings: variantWarnings(products),
    smartAvailable,
    smartOn,
    setSmart,
    autoPush,
    setAutoPush,
    required,
    check,
    banner,
    error,
    loading,
    busy,
    disabled,
    goToChannels,
    submit,
  };
}

export type PushForm = ReturnType<typeof usePushForm>;
