/** Shapes of the mapping calls (docs/API.md "Mapping store products to suppliers"). */
import type {
  ProgressItem,
  StoreProductPage as StoreProductPageGen,
  StoreProductView,
  StoreVariantView,
  SupplierChoice,
  VariantMapping,
} from './api.gen';

// Generated from the API's OpenAPI document (scripts/gen-api-types).
export type { SupplierChoice, VariantMapping };

// The server keeps a variant's options as free JSON.
export type StoreVariant = Omit<StoreVariantView, 'options'> & { options: Record<string, string> };

export type StoreProduct = Omit<StoreProductView, 'variants'> & { variants: StoreVariant[] };

export type StoreProductPage = Omit<StoreProductPageGen, 'items'> & { items: StoreProduct[] };

/** A job's state (GET progress/{id}): the status is text in the schema and the refs free JSON. */
export type Progress = Omit<ProgressItem, 'status' | 'refs'> & {
  status: 'processing' | 'success' | 'error';
  refs?: Record<string, unknown> | null;
};
