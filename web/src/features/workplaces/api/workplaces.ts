import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { api } from '@/lib/api';
import { clearShopId, getWorkplaceId, setWorkplaceId } from '@/lib/storage';
import type { Workplace } from '@/types/api';

export const DEFAULT_CURRENCY = 'USD';

export const createWorkplace = (name: string, currency?: string) => api.post<Workplace>('core/workplaces', { name, currency });

/** The current workspace's display currency (spec: POST /core/workplaces/settings {settings:{display_currency}}). */
export const saveDisplayCurrency = (currency: string) =>
  api.post<Workplace>('core/workplaces/settings', { settings: { display_currency: currency } });

/** Spec section 4: the stored workspace id when it is one of the account's, else the first. */
export function resolveWorkplace(workplaces: readonly Workplace[], storedId: string | null): Workplace | undefined {
  return workplaces.find((w) => w.id === storedId) ?? workplaces[0];
}

/** Current workplace of the account; keeps the stored id in step so requests carry `workplace-id`. */
export function useWorkplaceSelection(workplaces: readonly Workplace[] | undefined) {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const list = useMemo(() => workplaces ?? [], [workplaces]);
  const [selectedId, setSelectedId] = useState(getWorkplaceId);
  const current = resolveWorkplace(list, selectedId);
  // Stored during render (an idempotent write) so that the workplace-scoped requests, which start
  // after this render, already carry the `workplace-id` header.
  if (current && current.id !== getWorkplaceId()) setWorkplaceId(current.id);

  const select = useCallback(
    (id: string) => {
      if (!list.some((w) => w.id === id)) return;
      setWorkplaceId(id);
      setSelectedId(id);
      // The shop follows the workplace; it is chosen again without a reload.
      clearShopId();
      void mutate((key) => key !== undefined && key !== 'auth/account');
      navigate('/app');
    },
    [list, mutate, navigate],
  );

  return { current, workplaces: list, select, currency: current?.currency || DEFAULT_CURRENCY };
}
