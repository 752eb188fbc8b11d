import useSWR from 'swr';
import { api, swrFetcher } from '@/lib/api';
import type { QuickStartGuide, QuickStartStep } from '@/types/api';

export const QUICK_START_KEY = 'core/settings/quick-start-guide';

/** Read again whenever the guide shows: the server completes steps as the owner works anywhere. */
export function useQuickStart() {
  return useSWR<QuickStartGuide>(QUICK_START_KEY, swrFetcher, { revalidateOnMount: true });
}

export const updateQuickStart = (body: { dismiss?: boolean; step?: QuickStartStep }) => api.post<QuickStartGuide>(QUICK_START_KEY, body);

export function isStepDone(steps: Partial<Record<QuickStartStep, boolean>> | undefined, step: QuickStartStep): boolean {
  return step === 'CHOOSE_A_PLAN' || Boolean(steps?.[step]);
}
