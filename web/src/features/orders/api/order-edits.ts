/** Order edits of the detail page: shipping options, manual fulfilment, supplier change; "Pay all". */
import useSWR from 'swr';
import { api } from '@/lib/api';
import type { OrderDetail, PlacementItem } from '@/types/orders';
import { apiId, quietFetch } from './orders';

export interface LogisticsOption {
  code: string;
  company?: string | null;
  amount: number | string;
  currency?: string | null;
  delivery_time?: string | null;
}

export const logisticsKey = (source: string, productId: string, country: string, quantity: number) =>
  `product-sources/logistics/${encodeURIComponent(source)}/${encodeURIComponent(productId)}?${new URLSearchParams({ country_code: country, quantity: String(quantity) }).toString()}`;

/** The supplier's shipping options for a line to the order's country (read when `enabled`). */
export function useLogistics(
  source: string | null | undefined,
  productId: string | null | undefined,
  country: string,
  quantity: number,
  enabled: boolean,
) {
  const key = enabled && source && productId ? logisticsKey(source, productId, country, quantity) : null;
  return useSWR<{ options: LogisticsOption[] }>(key, quietFetch, { revalidateOnMount: true });
}

export const saveShippingOption = (orderId: string | number, lineItemId: string | number, serviceName: string) =>
  api.post<OrderDetail>(
    `orders/${encodeURIComponent(orderId)}/save-shipping`,
    { line_item_id: apiId(lineItemId), service_name: serviceName },
    { silent: true },
  );

/** The lines of `source` recorded as ordered by hand (no supplier call). */
export const manuallyFulfill = (orderId: string | number, source: string, orderNo: string) =>
  api.put<OrderDetail>('orders/v4/manually-fulfill', { order_id: apiId(orderId), source, order_no: orderNo }, { silent: true });

export interface SupplierChoice {
  source: string;
  source_product_id: string;
  sku_id: string;
}

export const changeSupplier = (orderId: string | number, lineItemId: string | number, choice: SupplierChoice) =>
  api.post<OrderDetail>(
    `orders/${encodeURIComponent(orderId)}/change-supplier`,
    { line_item_id: apiId(lineItemId), ...choice },
    { silent: true },
  );

/** Pays every waiting_payment supplier order with the saved method. */
export const payAll = () => api.get<{ items: PlacementItem[] }>('orders/v6/payments/retry-all', { silent: true });
