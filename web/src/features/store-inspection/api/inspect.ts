import useSWR from 'swr';
import { api } from '@/lib/api';

export interface DetectedApp {
  name: string;
  short_description: string;
  long_description?: string | null;
  app_store_url?: string | null;
  website_url?: string | null;
  category?: string | null;
  own_brand?: boolean;
}

export interface InspectedProduct {
  id: string | number;
  handle: string;
  title: string;
  vendor?: string;
  product_type?: string;
  tags?: string[] | string;
  image?: string | { src?: string } | null;
  minPrice?: number | string | null;
  maxPrice?: number | string | null;
  currency?: string | null;
}

export interface InspectedTheme {
  name: string;
  theme_store_url?: string | null;
  id?: number | string | null;
  handle?: string | null;
  style_id?: number | string | null;
  style_handle?: string | null;
}

export interface InspectionResult {
  shopUriOrigin?: string;
  shopUri?: string;
  shopName?: string | null;
  themeName?: string | null;
  themeId?: number | string | null;
  themeUri?: string | null;
  themeStoreId?: number | string | null;
  storeId?: string | null;
  currencyActive?: string | null;
  bestSellingUrl?: string | null;
  facebookUrl?: string | null;
  twitterUrl?: string | null;
  instagramUrl?: string | null;
  title?: string | null;
  description?: string | null;
  logos?: string[] | null;
  country?: string | null;
  appUsed?: DetectedApp[] | null;
  theme?: InspectedTheme | null;
  products?: InspectedProduct[] | null;
}

export interface Inspection {
  id: string;
  url: string;
  status: 'processing' | 'success' | 'error';
  error: string | null;
  result: InspectionResult | null;
}

/** Starts a scan job (POST stores/inspect). */
export const startInspection = (url: string) => api.post<{ id: string; status: string }>('stores/inspect', { url });

export const INSPECT_POLL_MS = 1500;

/** Poll while the scan runs; stop once it succeeded or failed. */
export function inspectionRefreshInterval(data: Inspection | undefined): number {
  return !data || data.status === 'processing' ? INSPECT_POLL_MS : 0;
}

export const inspectionKey = (id: string) => `stores/inspect/${encodeURIComponent(id)}`;

/** The scan's state and result, polled with SWR until it is done. */
export function useInspection(id: string | null) {
  return useSWR<Inspection>(id ? inspectionKey(id) : null, {
    refreshInterval: inspectionRefreshInterval,
    // The app-wide 5-minute deduping would swallow the polls.
    dedupingInterval: 0,
  });
}
