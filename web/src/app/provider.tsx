import { ChakraProvider, LocaleProvider } from '@chakra-ui/react';
import { type ReactNode, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { Toaster } from '@/components/toaster';
import { swrFetcher } from '@/lib/api';
import { CACHE_STALE_MS } from '@/lib/env';
import { getSession, subscribeSession } from '@/lib/storage';
import '@/lib/i18n';
import { system } from './theme';

/** Spec section 9: stale time 5 minutes, no refetch on focus or mount. */
export const swrConfig: SWRConfiguration = {
  fetcher: swrFetcher,
  dedupingInterval: CACHE_STALE_MS,
  revalidateOnFocus: false,
  revalidateIfStale: false,
  revalidateOnReconnect: false,
  shouldRetryOnError: false,
};

export function AppProvider({ children, swr }: { children: ReactNode; swr?: SWRConfiguration }) {
  const { i18n } = useTranslation();
  // A new sign-in gets a new cache: signing out and in again in the same tab otherwise met the
  // previous session's deduplicated requests and waited on them forever.
  const session = useSyncExternalStore(subscribeSession, getSession);
  return (
    <ChakraProvider value={system}>
      <LocaleProvider locale={i18n.language}>
        <SWRConfig key={session} value={{ provider: () => new Map(), ...swrConfig, ...swr }}>
          {children}
          <Toaster />
        </SWRConfig>
      </LocaleProvider>
    </ChakraProvider>
  );
}
