/** Shapes of the mapping calls (docs/API.md "Mapping store products to suppliers"). */
import type { MappedSupplier, SupplierChoice, VariantMapping } from './api.gen';

// Generated from the API's OpenAPI document (scripts/gen-api-types).
export type { MappedSupplier, SupplierChoice, VariantMapping };

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

/** A job's state (GET progress/{id}). */
export interface Progress {
  id: number | string;
  kind: string;
  status: 'processing' | 'success' | 'error';
  error: string | null;
  refs?: Record<string, unknown> | null;
}
