import useSWR from 'swr';
import { swrFetcher } from '@/lib/api';
import type { CurrentPlan } from '@/types/api';

export const CURRENT_PLAN_KEY = 'payments/user/current-plan';

export function useCurrentPlan(enabled = true) {
  return useSWR<CurrentPlan>(enabled ? CURRENT_PLAN_KEY : null, swrFetcher);
}
