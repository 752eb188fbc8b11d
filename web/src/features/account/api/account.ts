import useSWR, { type ScopedMutator } from 'swr';
import { api, swrFetcher } from '@/lib/api';
import { getToken } from '@/lib/storage';
import type { Account, AccountStatistic } from '@/types/api';

export const ACCOUNT_KEY = 'auth/account';
export const STATISTIC_KEY = 'auth/account/statistic';

/** The signed-in account (null key while signed out so nothing is fetched). */
export function useAccount() {
  return useSWR<Account>(getToken() ? ACCOUNT_KEY : null, swrFetcher);
}

/** Badge counts for the navigation. */
export function useStatistic(enabled = true) {
  return useSWR<AccountStatistic>(enabled && getToken() ? STATISTIC_KEY : null, swrFetcher);
}

/**
 * Saves the interface language on the account (PUT auth/account/set-language). `mutate` is the
 * session cache's (`useSWRConfig()`): each sign-in has a cache of its own.
 */
export async function saveAccountLanguage(language: string, mutate: ScopedMutator) {
  const res = await api.put<Account>('auth/account/set-language', { language });
  if (res.success && res.data) await mutate(ACCOUNT_KEY, res.data, { revalidate: false });
  return res;
}

/** Starts the welcome job (POST auth/first-time-in-app). */
export const firstTimeInApp = (ownerId: string) =>
  api.post<{ progress_id: number | string }>('auth/first-time-in-app', { owner_id: ownerId }, { silent: true });

/** Marks a one-time prompt as seen (POST auth/account/update-meta), so it is not shown again. */
export async function markMetaSeen(metaKey: string, mutate: ScopedMutator) {
  const res = await api.post<Account>('auth/account/update-meta', { meta_key: metaKey }, { silent: true });
  if (res.success && res.data) await mutate(ACCOUNT_KEY, res.data, { revalidate: false });
  return res;
}
