import useSWR from 'swr';
import { api, swrFetcher } from '@/lib/api';
import { QUICK_START_STEPS, type QuickStartGuide, type QuickStartStep } from '@/types/api';

export const QUICK_START_KEY = 'core/settings/quick-start-guide';

/** Read again whenever the guide shows: the server completes steps as the owner works anywhere. */
export function useQuickStart() {
  return useSWR<QuickStartGuide>(QUICK_START_KEY, swrFetcher, { revalidateOnMount: true });
}

export const updateQuickStart = (body: { dismiss?: boolean; step?: QuickStartStep }) => api.post<QuickStartGuide>(QUICK_START_KEY, body);

/** Spec section 4: CHOOSE_A_PLAN is always done; the active step is the first unfinished one, default PLACE_ORDER. */
export function activeStep(steps: Partial<Record<QuickStartStep, boolean>> | undefined): QuickStartStep {
  const done = { ...steps, CHOOSE_A_PLAN: true };
  return QUICK_START_STEPS.find((step) => !done[step]) ?? 'PLACE_ORDER';
}

export function isStepDone(steps: Partial<Record<QuickStartStep, boolean>> | undefined, step: QuickStartStep): boolean {
  return step === 'CHOOSE_A_PLAN' || Boolean(steps?.[step]);
}
