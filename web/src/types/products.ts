/** Shapes of the product calls of issue 5 (docs/API.md "Find products", "Import list, editor, pricing rules"). */

export interface ProductCardDetails {
  price_range: [number, number] | number[] | null;
  lastest_volume: number | null;
  rating: number | null;
  reviews_count: number | null;
  shipping_cost: number | null;
  shipping_time_min: number | null;
  shipping_time_max: number | null;
  ship_countries?: string[] | null;
}

export interface ProductCard {
  source_product_id: string;
  source: string;
  name: string;
  images: string[];
  video_url?: string | null;
  price: number | null;
  imported: boolean;
  product_package_id?: string | null;
  total_variants?: number | null;
  ship_to: string;
  mapped?: boolean;
  lastest_volume?: number | null;
  details: ProductCardDetails | null;
}

export interface ProductPage {
  total: number;
  page: number;
  page_size: number;
  items: ProductCard[];
}

export interface ProductCategory {
  id: string | number;
  name: string;
  children?: ProductCategory[] | null;
}

export interface ProductCollection {
  slug: string;
  name: string;
}

/** A value of a detail option: `value` in the contract; the supplier documents call it `name`. */
export interface ProductOptionValue {
  id: string;
  value?: string;
  name?: string;
  image?: string | null;
}

export interface ProductDetailVariant {
  sku_id: string;
  options: Record<string, string>;
  price: number;
  compare_at_price?: number | null;
  stock: number;
  image?: string | null;
}

export interface ProductDetail {
  source: string;
  source_product_id: string;
  name: string;
  description?: string | null;
  images: string[];
  video_url?: string | null;
  options: { name: string; values: ProductOptionValue[] }[];
  variants: ProductDetailVariant[];
  price_range?: number[] | null;
  rating?: number | null;
  reviews_count?: number | null;
  lastest_volume?: number | null;
  ship_from?: string | null;
  ships_to?: string[] | null;
  category?: { id: string; name: string; path?: string | string[] } | null;
  imported: boolean;
  product_package_id?: string | null;
}

export interface LogisticsOption {
  code: string;
  company: string;
  amount: number;
  currency: string;
  delivery_time: string;
}

export interface ProductReview {
  id: string;
  feedback: string;
  rating: number;
  createdAt: string;
  country?: string | null;
  images?: string[] | null;
  name?: string | null;
}

export interface ImportListItem {
  id: string;
  title: string;
  image: string | null;
  source: string;
  source_product_id: string;
  ship_to: string;
  cost_from: number | null;
  cost_to: number | null;
  price_from: number | null;
  price_to: number | null;
  variant_count: number;
  created_at: string;
}

export interface ImportedVariant {
  id: string;
  sku_id: string;
  options: Record<string, string>;
  cost: number;
  shipping_cost: number | null;
  price: number;
  compare_at_price: number | null;
  stock: number;
  image: string | null;
  enabled: boolean;
}

export interface ImportedProduct {
  id: string;
  source: string;
  source_product_id: string;
  ship_to: string;
  title: string;
  description_html: string;
  tags: string[];
  collections: string[];
  product_type: string;
  vendor: string;
  options: { name: string; values: string[] }[];
  images: { url: string; selected: boolean }[];
  thumbnail: string | null;
  variants: ImportedVariant[];
  created_at: string;
  updated_at: string;
  pricing_applied_at: string | null;
}

export interface PricingRange {
  min: number;
  max: number | null;
  value: number;
}

export interface PricingRule {
  mode: 'multiplier' | 'fixed';
  ranges: PricingRange[];
  default_value: number;
  include_shipping: boolean;
  compare_at: { enabled: boolean; multiplier: number };
  cents: number | null;
}
