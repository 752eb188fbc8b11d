import useSWR from 'swr';
import { api, quietFetcher } from '@/lib/api';
import type { Flow } from '@/types/wallet';

export const PANEL_PATH = 'orders/v7/automation/panel';

const quietFetch = quietFetcher;

export function useFlows() {
  return useSWR<{ flows: Flow[] }>(PANEL_PATH, quietFetch, { revalidateOnMount: true });
}

/** Both answer the saved flow; the list is read again after. */
export const createFlow = (flow: Flow) => api.post<Flow>(PANEL_PATH, flow, { silent: true });
export const updateFlow = (flow: Flow) => api.put<Flow>(PANEL_PATH, flow, { silent: true });
export const deleteFlow = (id: string | number) => api.delete<{ flows: Flow[] }>(PANEL_PATH, { query: { id }, silent: true });
