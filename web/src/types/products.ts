/** Shapes of the product calls of issue 5 (docs/API.md "Find products", "Import list, editor, pricing rules"). */
import type {
  CategoryNode,
  Collection,
  CostRange,
  DetailVariant,
  ImportListItem,
  ImportListPage,
  ImportedProduct as ImportedProductGen,
  LogisticsOption,
  PricingRule as PricingRuleGen,
  ProductCard,
  ProductDetail as ProductDetailGen,
  SearchPage,
  VariantView,
} from './api.gen';

// Generated from the API's OpenAPI document (scripts/gen-api-types).
export type { CategoryNode, Collection, CostRange, ImportListItem, ImportListPage, LogisticsOption, ProductCard, SearchPage };

/** A value of a detail option: `value` in the contract; the supplier documents call it `name`. */
export interface ProductOptionValue {
  id: string;
  value?: string;
  name?: string;
  image?: string | null;
}

// The server passes the supplier's options, variant options and category on as free JSON.
export type ProductDetailVariant = Omit<DetailVariant, 'options'> & { options: Record<string, string> };
export type ProductDetail = Omit<ProductDetailGen, 'options' | 'variants' | 'sold_out_variants' | 'category'> & {
  options: { name: string; values: ProductOptionValue[] }[];
  variants: ProductDetailVariant[];
  sold_out_variants?: ProductDetailVariant[];
  category?: { id: string; name: string; path?: string | string[] } | null;
};

// Variant options, images and options are free JSON on the server.
export type ImportedVariant = Omit<VariantView, 'options'> & { options: Record<string, string> };
export type ImportedProduct = Omit<ImportedProductGen, 'options' | 'images' | 'variants'> & {
  options: { name: string; values: string[] }[];
  images: { url: string; selected: boolean }[];
  variants: ImportedVariant[];
};

// The API always sends every field; the schema marks those with a serde default optional (they are on input).
export type PricingRule = Required<PricingRuleGen>;
