/** Supplier sources (spec section 1); `dropline` is the product's own catalogue. Brand names are not translated. */
export const PRODUCT_SOURCES = ['aliexpress', 'cj', 'temu', 'dropline', 'ebay', 'alibaba', 'amazon'] as const;
export type ProductSource = (typeof PRODUCT_SOURCES)[number];

const LABELS: Record<string, string> = {
  aliexpress: 'AliExpress',
  cj: 'CJ Dropshipping',
  temu: 'Temu',
  dropline: 'Dropline',
  ebay: 'eBay',
  alibaba: 'Alibaba',
  amazon: 'Amazon',
};

export function sourceName(source: string): string {
  return LABELS[source] ?? source;
}
