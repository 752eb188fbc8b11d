import useSWR from 'swr';
import { api, quietFetcher } from '@/lib/api';
import type { ChartSummary, UrlReply } from '@/types/api.gen';
import type { PaymentSetting, TransactionLogPage, Wallet } from '@/types/wallet';

export const WALLET_KEY = 'payments/user/wallets';
export const SETTING_KEY = 'orders/v6/payments/setting';
export const TRANSACTIONS_PATH = 'orders/v6/payments/transaction-logs';
export const TRANSACTIONS_PAGE_SIZE = 10;
export const MIN_TOPUP = 10;
export const MAX_TOPUP = 10_000;

const quietFetch = quietFetcher;

/** The wallet; `pollMs` while a top-up is expected (the vendor's webhook raises the balance). */
export function useWallet(enabled = true, pollMs = 0) {
  return useSWR<Wallet>(enabled ? WALLET_KEY : null, quietFetch, {
    revalidateOnMount: true,
    refreshInterval: pollMs,
    ...(pollMs > 0 ? { dedupingInterval: pollMs / 2 } : {}),
  });
}

export const chartKey = (days: number) => `payments/user/wallets/chart-summary?days=${days}`;
export function useWalletChart(days = 30) {
  return useSWR<ChartSummary>(chartKey(days), quietFetch, { revalidateOnMount: true });
}

export const transactionsKey = (page: number) => `${TRANSACTIONS_PATH}?page=${page}&page_size=${TRANSACTIONS_PAGE_SIZE}`;
export function useTransactions(page: number) {
  return useSWR<TransactionLogPage>(transactionsKey(page), quietFetch, {
    revalidateOnMount: true,
    keepPreviousData: true,
  });
}

/** The payment setting; `pollMs` while a card saved on the vendor's page is expected. */
export function usePaymentSetting(pollMs = 0) {
  return useSWR<PaymentSetting>(SETTING_KEY, quietFetch, { revalidateOnMount: true, refreshInterval: pollMs });
}

export const topUp = (amount: number) =>
  api.post<{ url: string; session_id: string }>('payments/user/wallets/topup', { amount }, { silent: true });
export const acceptPolicy = () => api.post<Wallet>('payments/user/wallets/accept-policy', {}, { silent: true });
export const savePaymentSetting = (method: 'wallet' | 'card') =>
  api.put<PaymentSetting>(SETTING_KEY, { payment_behavior: 'default', method }, { silent: true });
/** Opens the payment vendor's page where the owner types the card; its webhook saves it. */
export const startCardSetup = () => api.post<UrlReply>('orders/v6/payments/card-setup', {}, { silent: true });

const PENDING_KEY = 'dropline.pendingTopup';

/** The balance before a top-up, kept across the vendor checkout's round trip. */
export const pendingTopup = {
  set(before: number, amount: number) {
    try {
      sessionStorage.setItem(PENDING_KEY, JSON.stringify({ before, amount }));
    } catch {
      // storage unavailable: the success page compares with its first read
    }
  },
  get(): { before: number; amount: number } | null {
    try {
      const raw = sessionStorage.getItem(PENDING_KEY);
      return raw ? (JSON.parse(raw) as { before: number; amount: number }) : null;
    } catch {
      return null;
    }
  },
  clear() {
    try {
      sessionStorage.removeItem(PENDING_KEY);
    } catch {
      // nothing kept
    }
  },
};

/** Sends the browser to the vendor's hosted checkout (a seam for tests). */
export const browser = { go: (url: string) => window.location.assign(url) };
