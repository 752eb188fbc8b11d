/**
 * The mapping editor's draft: each store variant's suppliers in priority order (index 0 =
 * priority 1), edited locally and saved with map-variant (docs/API.md "Mapping").
 */
import type { Envelope } from '@/lib/api';
import type { StoreProduct, SupplierChoice, VariantMapping } from '@/types/mapping';

/** The API keeps at most 5 suppliers per variant. */
export const MAX_SUPPLIERS = 5;

export interface DraftSupplier {
  source: string;
  source_product_id: string;
  sku_id: string;
  ship_to_countries: string[];
}

/** Variant id → suppliers, first tried first. */
export type MappingDraft = Record<string, DraftSupplier[]>;

export function draftFrom(product: StoreProduct): MappingDraft {
  const draft: MappingDraft = {};
  for (const variant of product.variants) {
    draft[variant.id] = [...variant.suppliers]
      .sort((a, b) => a.priority - b.priority)
      .map((s) => ({
        source: s.source,
        source_product_id: s.source_product_id,
        sku_id: s.sku_id,
        ship_to_countries: [...(s.ship_to_countries ?? [])],
      }));
  }
  return draft;
}

const sameSku = (a: DraftSupplier, b: DraftSupplier) =>
  a.source === b.source && a.source_product_id === b.source_product_id && a.sku_id === b.sku_id;

export type AddProblem = 'full' | 'duplicate' | null;

/** Why `supplier` cannot be added to the variant's list (full, or that SKU is already listed). */
export function addProblem(list: readonly DraftSupplier[], supplier: DraftSupplier): AddProblem {
  if (list.length >= MAX_SUPPLIERS) return 'full';
  if (list.some((s) => sameSku(s, supplier))) return 'duplicate';
  return null;
}

/** Adds a supplier as the variant's last fallback (unchanged when it cannot be added). */
export function addSupplier(draft: MappingDraft, variantId: string, supplier: DraftSupplier): MappingDraft {
  const list = draft[variantId] ?? [];
  if (addProblem(list, supplier)) return draft;
  return { ...draft, [variantId]: [...list, supplier] };
}

/** Moves a supplier one place up (-1, a higher priority) or down (+1). */
export function moveSupplier(draft: MappingDraft, variantId: string, index: number, by: -1 | 1): MappingDraft {
  const list = [...(draft[variantId] ?? [])];
  const to = index + by;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return draft;
  [list[index], list[to]] = [list[to], list[index]];
  return { ...draft, [variantId]: list };
}

export function removeSupplier(draft: MappingDraft, variantId: string, index: number): MappingDraft {
  const list = draft[variantId] ?? [];
  if (index < 0 || index >= list.length) return draft;
  return { ...draft, [variantId]: list.filter((_, i) => i !== index) };
}

const sameList = (a: readonly DraftSupplier[], b: readonly DraftSupplier[]) =>
  a.length === b.length && a.every((s, i) => sameSku(s, b[i]) && s.ship_to_countries.join(',') === b[i].ship_to_countries.join(','));

/** Variants whose suppliers differ from the saved product. */
export function changedVariants(product: StoreProduct, draft: MappingDraft): string[] {
  const saved = draftFrom(product);
  return product.variants.filter((v) => !sameList(saved[v.id] ?? [], draft[v.id] ?? [])).map((v) => v.id);
}

/** The body of POST products/{id}/map-variant: the changed variants, suppliers in priority order. */
export function mapVariantPayload(product: StoreProduct, draft: MappingDraft): { mappings: VariantMapping[] } {
  return {
    mappings: changedVariants(product, draft).map((id) => ({
      variant_id: id,
      suppliers: (draft[id] ?? []).map((s): SupplierChoice => {
        const choice: SupplierChoice = { source: s.source, source_product_id: s.source_product_id, sku_id: s.sku_id };
        if (s.ship_to_countries.length > 0) choice.ship_to_countries = s.ship_to_countries;
        return choice;
      }),
    })),
  };
}

/** The distinct supplier products used by any variant of the product ("source:id" keys, in order). */
export function supplierProducts(product: StoreProduct): { source: string; source_product_id: string }[] {
  const seen = new Map<string, { source: string; source_product_id: string }>();
  for (const v of product.variants) {
    for (const s of [...v.suppliers].sort((a, b) => a.priority - b.priority)) {
      const key = `${s.source}:${s.source_product_id}`;
      if (!seen.has(key)) seen.set(key, { source: s.source, source_product_id: s.source_product_id });
    }
  }
  return [...seen.values()];
}

/** Country codes typed as a list ("us, gb DE" → ["US", "GB", "DE"]); invalid entries are dropped. */
export function parseCountries(text: string): string[] {
  const out: string[] = [];
  for (const part of text.split(/[\s,;]+/)) {
    const code = part.trim().toUpperCase();
    if (/^[A-Z]{2}$/.test(code) && !out.includes(code)) out.push(code);
  }
  return out;
}

/** A missing store product, variant, supplier product or SKU (202 NOT_FOUND "DataNotFound"). */
export function isDataNotFound(res: Pick<Envelope, 'status' | 'message'>): boolean {
  return res.message === 'DataNotFound';
}

/** Options of a variant as "Color: Red / Size: M". */
export function optionsText(options: Record<string, string> | null | undefined): string {
  return Object.entries(options ?? {})
    .map(([name, value]) => `${name}: ${value}`)
    .join(' / ');
}
