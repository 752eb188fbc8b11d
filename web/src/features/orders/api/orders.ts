import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { ApiError, api, quietFetcher } from '@/lib/api';
import { LIVE_LIST } from '@/lib/live-list';
import type {
  ActionResult,
  Address,
  OrderColumn,
  OrderCounts,
  OrderDetail,
  OrderPage,
  OrderPreview,
  PayMethod,
  PlacementItem,
  SourceOrder,
} from '@/types/orders';
import type { OrderLogs, Updated } from '@/types/api.gen';
import { type OrderFilters, filterQuery, listQuery } from '../lib/filters';
import type { CancelReason } from '../lib/format';

export const LIST_PATH = 'orders/v5/list';
export const COUNT_PATH = 'orders/v5/count-order-status';
export const DETAIL_PATH = 'orders/v5/detail';
export const COLUMNS_PATH = 'core/workplaces/settings/order-column-list';

export const quietFetch = quietFetcher;

export const listKey = (f: OrderFilters) => `${LIST_PATH}?${listQuery(f).toString()}`;
export const countKey = (f: OrderFilters) => `${COUNT_PATH}?${filterQuery(f).toString()}`;
export const detailKey = (id: string | number) => `${DETAIL_PATH}/${encodeURIComponent(id)}`;
export const logsKey = (id: string | number) => `orders/v4/order_log/order/${encodeURIComponent(id)}`;

/** The order list, read again while the page is visible: new orders arrive from the stores. */
export function useOrderList(f: OrderFilters) {
  return useSWR<OrderPage>(listKey(f), quietFetch, { revalidateOnMount: true, keepPreviousData: true, ...LIVE_LIST });
}

export function useOrderCounts(f: OrderFilters) {
  return useSWR<OrderCounts>(countKey(f), quietFetch, { revalidateOnMount: true, keepPreviousData: true, ...LIVE_LIST });
}

export function useOrderDetail(id: string | undefined) {
  return useSWR<OrderDetail>(id ? detailKey(id) : null, quietFetch, { revalidateOnMount: true });
}

export function useOrderLogs(id: string | undefined) {
  return useSWR<OrderLogs>(id ? logsKey(id) : null, quietFetch, { revalidateOnMount: true });
}

/** Revalidates every order list, count and detail (after an action changed orders). */
export function useRefreshOrders() {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate((key) => typeof key === 'string' && key.startsWith('orders/')), [mutate]);
}

export function useOrderColumns() {
  return useSWR<{ columns: OrderColumn[] }>(COLUMNS_PATH, quietFetch, { revalidateOnMount: true });
}

export const saveOrderColumns = (columns: OrderColumn[]) =>
  api.post<{ columns: OrderColumn[] }>(COLUMNS_PATH, { columns }, { silent: true });

/** Ids go back as the API sent them: numeric ids as numbers, others as strings. */
export const apiId = (id: string | number): string | number => (typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id);
const apiIds = (ids: readonly (string | number)[]) => ids.map(apiId);

export const markOrders = (orders: (string | number)[], marked: boolean) =>
  api.put<Updated>('orders/v5/mark-order', { orders: apiIds(orders), marked });
export const archiveOrders = (orders: (string | number)[], archived: boolean) =>
  api.put<Updated>('orders/v5/mark-archive', { orders: apiIds(orders), archived });
export const updateToFail = (orders: (string | number)[]) => api.put<Updated>('orders/v4/update-to-fail', { orders: apiIds(orders) });
export const revertOrders = (orders: (string | number)[]) => api.post<Updated>('orders/v5/revert-order', { orders: apiIds(orders) });
export const cancelOrders = (orderIds: (string | number)[], reason: CancelReason) =>
  api.put<{ items: ActionResult[] }>('orders/order-cancel', { order_ids: apiIds(orderIds), reason });
export const requestRefund = (sourceOrderId: string | number, reason?: string) =>
  api.post<SourceOrder>('orders/v4/refund/request', { source_order_id: apiId(sourceOrderId), ...(reason ? { reason } : {}) });

export const updateCustomer = (orderId: string | number, address: Address, email?: string) =>
  api.post<OrderDetail>(
    'orders/update-customer',
    { order_id: apiId(orderId), address, ...(email !== undefined ? { email } : {}) },
    { silent: true },
  );

export const previewOrders = (orderIds: (string | number)[]) =>
  api.post<OrderPreview>('orders/v4/preview', { order_ids: apiIds(orderIds) }, { silent: true });
export const createOrders = (orderIds: (string | number)[], pay: PayMethod | null) =>
  api.post<{ items: PlacementItem[] }>('orders/v5/create', { order_ids: apiIds(orderIds), pay }, { silent: true });
export const payOrders = (sourceOrderIds: (string | number)[], method: PayMethod) =>
  api.post<{ items: PlacementItem[] }>('orders/v5/payment', { source_order_ids: apiIds(sourceOrderIds), method }, { silent: true });
export const confirmOrders = (orderIds: (string | number)[]) =>
  api.post<OrderPreview>('orders/v4/confirm', { order_ids: apiIds(orderIds) }, { silent: true });

export const previewKey = (ids: readonly string[]) => ['orders/v4/preview', ids.join(',')] as const;
async function fetchPreview([, ids]: readonly [string, string]): Promise<OrderPreview> {
  const res = await previewOrders(ids.split(','));
  if (!res.success) throw new ApiError(res);
  return res.data as OrderPreview;
}

/** The supplier orders that placing `ids` would make, with their costs and whether each can be placed. */
export function useOrderPreview(ids: readonly string[]) {
  return useSWR<OrderPreview, Error, readonly [string, string] | null>(ids.length > 0 ? previewKey(ids) : null, fetchPreview, {
    revalidateOnMount: true,
  });
}
