import useSWR from 'swr';
import { ApiError, api } from '@/lib/api';
import type { AliExpressAccount, AliExpressAccountReply } from '@/types/api.gen';

/** The owner's own AliExpress account, where AliExpress orders are created and paid. */
export const ALIEXPRESS_ACCOUNT_KEY = 'suppliers/aliexpress/account';
/** The refusal `orders/v5/create` answers while no AliExpress account is connected. */
export const SIGN_IN_FIELD = 'aliexpress_account';

export const startAliExpressSignIn = () => api.post<{ url: string }>('suppliers/aliexpress/auth', {}, { silent: true });
export const finishAliExpressSignIn = (code: string, state: string) =>
  api.post<AliExpressAccountReply>('suppliers/aliexpress/callback', { code, state }, { silent: true });
export const disconnectAliExpress = () => api.post<AliExpressAccountReply>('suppliers/aliexpress/disconnect', {}, { silent: true });

async function fetchAccount(): Promise<AliExpressAccount> {
  const res = await api.get<AliExpressAccountReply>(ALIEXPRESS_ACCOUNT_KEY, { silent: true });
  if (!res.success || !res.data) throw new ApiError(res);
  return res.data.account;
}

export function useAliExpressAccount() {
  return useSWR(ALIEXPRESS_ACCOUNT_KEY, fetchAccount);
}
