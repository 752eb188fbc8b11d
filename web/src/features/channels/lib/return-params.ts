/** What WooCommerce's return to /app/channel?platform=woocommerce&success=1|0 means. */
export function woocommerceReturn(search: URLSearchParams): 'success' | 'failure' | null {
  if (search.get('platform') !== 'woocommerce' || !search.has('success')) return null;
  return search.get('success') === '1' ? 'success' : 'failure';
}
