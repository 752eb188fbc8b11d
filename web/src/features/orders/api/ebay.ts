import { api } from '@/lib/api';
import type { Placements } from '@/types/api.gen';

/**
 * eBay's Order API v2 has no call that pays: the owner pays the checkout at eBay, and the
 * purchase order id eBay hands back is posted here, checked at eBay, and places the waiting order.
 */
export const completeEbayCheckout = (sourceOrderId: number, purchaseOrderId: string) =>
  api.post<Placements>(
    'suppliers/ebay/checkout-complete',
    { source_order_id: sourceOrderId, purchase_order_id: purchaseOrderId },
    { silent: true },
  );
