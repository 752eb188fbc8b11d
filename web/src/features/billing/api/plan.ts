import useSWR, { useSWRConfig } from 'swr';
import { api, quietFetcher, swrFetcher } from '@/lib/api';
import type { Packages } from '@/types/api';
import type { ChargeReply, CurrentPlan, PaymentLogPage, Subscription } from '../types';

export const CURRENT_PLAN_KEY = 'payments/user/current-plan';
export const PRICING_KEY = 'payments/pricing';
const LOGS_PATH = 'payments/user/payment-logs';

export function useCurrentPlan(enabled = true) {
  return useSWR<CurrentPlan>(enabled ? CURRENT_PLAN_KEY : null, swrFetcher);
}

/** The price list; public (the pricing page is shown before sign-in too). */
export function usePricing() {
  return useSWR<Packages>(PRICING_KEY, quietFetcher);
}

export function paymentLogsKey(page: number, pageSize: number): string {
  return `${LOGS_PATH}?page=${page}&page_size=${pageSize}`;
}

export function usePaymentLogs(page: number, pageSize: number) {
  return useSWR<PaymentLogPage>(paymentLogsKey(page, pageSize), quietFetcher);
}

/** Starts a plan change: the vendor's checkout address, or the date a downgrade takes effect. */
export const chargeSubscription = (packageKey: string) =>
  api.post<ChargeReply>('payments/charge-subscription', { package_key: packageKey }, { silent: true });

export const cancelSubscription = () => api.post<Subscription>('payments/cancel-subscription', {}, { silent: true });

/** Re-reads the plan everywhere it shows (top bar, usage popover, billing page). */
export function useRefreshPlan() {
  const { mutate } = useSWRConfig();
  return () => mutate(CURRENT_PLAN_KEY);
}
