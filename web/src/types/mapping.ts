/** Shapes of the mapping calls (docs/API.md "Mapping store products to suppliers"). */

export interface MappedSupplier {
  priority: number;
  source: string;
  source_product_id: string;
  sku_id: string;
  ship_to_countries: string[];
}

export interface StoreVariant {
  id: string;
  remote_id: string;
  title: string;
  sku: string | null;
  price: number | null;
  options: Record<string, string>;
  suppliers: MappedSupplier[];
}

export interface StoreProduct {
  id: string;
  store_id: string;
  remote_id: string;
  title: string;
  handle: string | null;
  image: string | null;
  mapped: boolean;
  variants: StoreVariant[];
}

export interface StoreProductPage {
  total: number;
  items: StoreProduct[];
}

/** A supplier of a variant as the map-variant call takes it (first = priority 1). */
export interface SupplierChoice {
  source: string;
  source_product_id: string;
  sku_id: string;
  ship_to_countries?: string[];
}

export interface VariantMapping {
  variant_id: string;
  suppliers: SupplierChoice[];
}

/** A job's state (GET progress/{id}). */
export interface Progress {
  id: number | string;
  kind: string;
  status: 'processing' | 'success' | 'error';
  error: string | null;
  refs?: Record<string, unknown> | null;
}
