/** Order texts: shipping times and the placement error catalogue (spec 001, sections 8 and 9). */

/** "3-5d" → { range: "3-5" } (shown as "3-5 days"); other texts are shown as they are. */
export function shippingDays(value: string | null | undefined): { range: string } | { text: string } | null {
  if (!value || !value.trim()) return null;
  const m = /^\s*(\d+(?:\s*-\s*\d+)?)\s*d(?:ays?)?\s*$/i.exec(value);
  return m ? { range: m[1].replace(/\s+/g, '') } : { text: value.trim() };
}

/** Placement error keys → message keys (under orders.placementErrors). */
export const PLACEMENT_ERRORS: Record<string, string> = {
  error_save_all_address: 'CustomerInformationIsNotValid',
  error_get_token: 'GetTokenFail',
  not_found_order_detail: 'OrderDetailNotFound',
  error_not_found_sku: 'NotFoundSkuProduct',
  add_to_cart_fail: 'AddProductToCartFail',
  error_checkout_products: 'OrderFail',
  remove_items_in_cart_fail: 'RemoveItemInCartFail',
  sync_order_not_found_order_no: 'NotFoundOrderNo',
  sync_order_status_fail: 'SyncOrderFailCountry',
  failed_added_sku_list: 'FailedToAddToCart',
  cancel_order: 'OrderFailedDueToUserSkipStopProgress',
  product_out_of_stock: 'ProductOutOfStock',
  product_sold_out: 'ProductSoldOut',
  shipped_country_notfound: 'TheProductCannotBeShippedToCountry',
};

/** Warnings of processing items → message keys (under orders.placementWarnings). */
export const PLACEMENT_WARNINGS: Record<string, string> = {
  different_region: 'CountryOnYourSourceAccountDoesNotMatchTheShippingAddress',
  waiting_complete_order: 'PleaseSubmitYourSourceOrderToCompleteTheOrderingProcess',
};

/** The i18n key of an error key, or null when the catalogue has none (the server's message is shown). */
export function placementErrorKey(errorKey: string | null | undefined): string | null {
  if (!errorKey) return null;
  const message = PLACEMENT_ERRORS[errorKey] ?? (Object.values(PLACEMENT_ERRORS).includes(errorKey) ? errorKey : undefined);
  return message ? `orders.placementErrors.${message}` : null;
}

export function placementWarningKey(warning: string | null | undefined): string | null {
  if (!warning) return null;
  const message = PLACEMENT_WARNINGS[warning] ?? (Object.values(PLACEMENT_WARNINGS).includes(warning) ? warning : undefined);
  return message ? `orders.placementWarnings.${message}` : null;
}

export const CANCEL_REASONS = ['customer_changed_or_cancelled_order', 'item_unavailable', 'other'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
