/**
 * Pure edits of an imported product in the editor (docs/API.md "Import list, editor"): renaming an
 * option value renames it in every variant, removing a value removes its variants, and at least
 * one variant stays enabled.
 */
import type { ImportedProduct, ImportedVariant } from '@/types/products';

type Product = ImportedProduct;

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Renames option `index`, also in every variant. Refused (unchanged) when blank or taken. */
export function renameOption(p: Product, index: number, name: string): Product {
  const option = p.options[index];
  const next = name.trim();
  if (!option || !next || next === option.name) return p;
  if (p.options.some((o, i) => i !== index && same(o.name, next))) return p;
  return {
    ...p,
    options: p.options.map((o, i) => (i === index ? { ...o, name: next } : o)),
    variants: p.variants.map((v) => {
      if (!(option.name in v.options)) return v;
      const { [option.name]: value, ...rest } = v.options;
      return { ...v, options: { ...rest, [next]: value } };
    }),
  };
}

/** Renames a value of option `index`, also in every variant. Refused when blank or taken. */
export function renameOptionValue(p: Product, index: number, valueIndex: number, value: string): Product {
  const option = p.options[index];
  const old = option?.values[valueIndex];
  const next = value.trim();
  if (!option || old === undefined || !next || next === old) return p;
  if (option.values.some((v, i) => i !== valueIndex && same(v, next))) return p;
  return {
    ...p,
    options: p.options.map((o, i) => (i === index ? { ...o, values: o.values.map((v, j) => (j === valueIndex ? next : v)) } : o)),
    variants: p.variants.map((v) => (v.options[option.name] === old ? { ...v, options: { ...v.options, [option.name]: next } } : v)),
  };
}

/** Whether removing the value keeps at least one enabled variant (and one value in the option). */
export function canRemoveOptionValue(p: Product, index: number, valueIndex: number): boolean {
  const option = p.options[index];
  const value = option?.values[valueIndex];
  if (!option || value === undefined || option.values.length < 2) return false;
  return p.variants.some((v) => v.enabled && v.options[option.name] !== value);
}

/** Removes a value of option `index` and the variants that have it. */
export function removeOptionValue(p: Product, index: number, valueIndex: number): Product {
  if (!canRemoveOptionValue(p, index, valueIndex)) return p;
  const option = p.options[index];
  const value = option.values[valueIndex];
  return {
    ...p,
    options: p.options.map((o, i) => (i === index ? { ...o, values: o.values.filter((_, j) => j !== valueIndex) } : o)),
    variants: p.variants.filter((v) => v.options[option.name] !== value),
  };
}

/**
 * How the values of option `index` changed since the last save: renamed, removed, or neither.
 * The API takes one kind of change per option and save (it renames by position), so the editor
 * allows the other kind again once saved.
 */
export function optionChange(saved: Product, draft: Product, index: number): 'none' | 'renamed' | 'removed' {
  const before = saved.options[index]?.values ?? [];
  const now = draft.options[index]?.values ?? [];
  if (now.length < before.length) return 'removed';
  return now.some((v) => !before.includes(v)) ? 'renamed' : 'none';
}

export function updateVariant(
  p: Product,
  id: string,
  patch: Partial<Pick<ImportedVariant, 'price' | 'compare_at_price' | 'enabled'>>,
): Product {
  if (patch.enabled === false && !p.variants.some((v) => v.id !== id && v.enabled)) return p;
  return { ...p, variants: p.variants.map((v) => (v.id === id ? { ...v, ...patch } : v)) };
}

/** Selects or deselects an image; the thumbnail stays selected, and deselecting it moves the thumbnail. */
export function toggleImage(p: Product, url: string): Product {
  const images = p.images.map((img) => (img.url === url ? { ...img, selected: !img.selected } : img));
  const selected = images.filter((img) => img.selected);
  if (selected.length === 0) return p;
  const thumbnail = p.thumbnail && selected.some((img) => img.url === p.thumbnail) ? p.thumbnail : selected[0].url;
  return { ...p, images, thumbnail };
}

export function setThumbnail(p: Product, url: string): Product {
  return { ...p, thumbnail: url, images: p.images.map((img) => (img.url === url ? { ...img, selected: true } : img)) };
}

/** Adds images (from the library or the supplier's originals) at the end, selected; ones already there are left as they are. */
export function addImages(p: Product, urls: readonly string[]): Product {
  const fresh = [...new Set(urls)].filter((url) => !p.images.some((img) => img.url === url));
  if (fresh.length === 0) return p;
  const images = [...p.images, ...fresh.map((url) => ({ url, selected: true }))];
  return { ...p, images, thumbnail: p.thumbnail ?? images.find((img) => img.selected)?.url ?? null };
}

/** Removes an image from the product; the thumbnail moves to the first selected image left. */
export function removeImage(p: Product, url: string): Product {
  const images = p.images.filter((img) => img.url !== url);
  const thumbnail = p.thumbnail && p.thumbnail !== url ? p.thumbnail : (images.find((img) => img.selected)?.url ?? null);
  return { ...p, images, thumbnail };
}

export type EditorError = 'titleRequired' | 'noEnabledVariant' | 'invalidPrice' | 'noImage';

/** The first problem that blocks saving, else null. */
export function validateProduct(p: Product): EditorError | null {
  if (!p.title.trim()) return 'titleRequired';
  if (!p.variants.some((v) => v.enabled)) return 'noEnabledVariant';
  const bad = (n: number | null) => n !== null && (!Number.isFinite(n) || n < 0);
  if (p.variants.some((v) => !Number.isFinite(v.price) || v.price < 0 || bad(v.compare_at_price ?? null))) return 'invalidPrice';
  if (p.images.length > 0 && !p.images.some((img) => img.selected)) return 'noImage';
  return null;
}

/** The body of PUT center/products/import/{id}: every editable field (read-only variant fields left out). */
export function savePayload(p: Product) {
  return {
    title: p.title.trim(),
    description_html: p.description_html,
    tags: p.tags,
    collections: p.collections,
    product_type: p.product_type.trim(),
    vendor: p.vendor.trim(),
    options: p.options.map((o) => ({ name: o.name, values: [...o.values] })),
    images: p.images.map((img) => ({ url: img.url, selected: img.selected })),
    thumbnail: p.thumbnail,
    // Only ever kept or removed (null): the address is the supplier's.
    video_url: p.video_url ?? null,
    variants: p.variants.map((v) => ({
      id: v.id,
      options: { ...v.options },
      price: v.price,
      compare_at_price: v.compare_at_price,
      enabled: v.enabled,
    })),
  };
}

/** Moves an image one place earlier (-1) or later (+1) in the order the store shows them; at an end it stays. */
export function moveImage(p: ImportedProduct, url: string, by: -1 | 1): ImportedProduct {
  const from = p.images.findIndex((img) => img.url === url);
  const to = from + by;
  if (from < 0 || to < 0 || to >= p.images.length) return p;
  const images = [...p.images];
  [images[from], images[to]] = [images[to], images[from]];
  return { ...p, images };
}
