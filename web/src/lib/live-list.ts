import type { SWRConfiguration } from 'swr';
import { LIST_REFRESH_MS } from './env';

/**
 * SWR options of a list that changes behind the owner's back (new orders, imports in another tab,
 * notifications): read again every LIST_REFRESH_MS while the page is visible, never while hidden
 * or offline. The poll has its own dedupe window: the app's 5-minute one would swallow every poll.
 */
export const LIVE_LIST: SWRConfiguration = {
  refreshInterval: LIST_REFRESH_MS,
  refreshWhenHidden: false,
  refreshWhenOffline: false,
  dedupingInterval: LIST_REFRESH_MS / 2,
};
