import useSWR from 'swr';
import type { RecommendedApps } from '@/types/api.gen';

/** The public catalogue of storefront apps (GET apps/recommended, no sign-in). */
export function useRecommendedApps() {
  return useSWR<RecommendedApps>('apps/recommended');
}
