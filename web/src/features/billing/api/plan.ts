import useSWR from 'swr';
import { swrFetcher } from '@/lib/api';
import type { PackageReply } from '@/types/api';

export const CURRENT_PLAN_KEY = 'payments/user/current-plan';

export function useCurrentPlan(enabled = true) {
  return useSWR<PackageReply>(enabled ? CURRENT_PLAN_KEY : null, swrFetcher);
}
