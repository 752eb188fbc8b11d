import { describe, expect, it } from 'vitest';
import { makeImported } from '@/test/products';
import {
  addImages,
  canRemoveOptionValue,
  moveImage,
  optionChange,
  removeImage,
  removeOptionValue,
  renameOption,
  renameOptionValue,
  savePayload,
  setThumbnail,
  toggleImage,
  updateVariant,
  validateProduct,
} from './editor';
import { bulkPayload, EMPTY_BULK } from './bulk';

describe('editor edits', () => {
  it('renames an option name in the options and every variant', () => {
    const p = renameOption(makeImported(), 0, ' Colour ');
    expect(p.options[0].name).toBe('Colour');
    expect(p.variants.map((v) => v.options)).toEqual([
      { Colour: 'Red', Size: 'S' },
      { Colour: 'Red', Size: 'M' },
      { Colour: 'Blue', Size: 'S' },
      { Colour: 'Blue', Size: 'M' },
    ]);
  });

  it('refuses a blank or taken option name', () => {
    const p = makeImported();
    expect(renameOption(p, 0, '  ')).toBe(p);
    expect(renameOption(p, 0, 'size')).toBe(p);
  });

  it('renames a value in every variant that has it', () => {
    const p = renameOptionValue(makeImported(), 0, 1, 'Navy');
    expect(p.options[0].values).toEqual(['Red', 'Navy']);
    expect(p.variants.filter((v) => v.options.Color === 'Navy').map((v) => v.id)).toEqual(['v3', 'v4']);
    expect(renameOptionValue(p, 0, 1, 'red')).toBe(p);
  });

  it('removes a value and its variants, never the last value or the last enabled variant', () => {
    const p = removeOptionValue(makeImported(), 1, 0);
    expect(p.options[1].values).toEqual(['M']);
    expect(p.variants.map((v) => v.id)).toEqual(['v2', 'v4']);
    expect(canRemoveOptionValue(p, 1, 0)).toBe(false);

    let q = makeImported();
    q = updateVariant(q, 'v1', { enabled: false });
    q = updateVariant(q, 'v2', { enabled: false });
    // Only the Blue variants are enabled: removing Blue would leave none.
    expect(canRemoveOptionValue(q, 0, 1)).toBe(false);
    expect(removeOptionValue(q, 0, 1)).toBe(q);
  });

  it('tells renamed from removed option values since the last save', () => {
    const saved = makeImported();
    expect(optionChange(saved, saved, 0)).toBe('none');
    expect(optionChange(saved, renameOptionValue(saved, 0, 1, 'Navy'), 0)).toBe('renamed');
    expect(optionChange(saved, renameOption(saved, 0, 'Colour'), 0)).toBe('none');
    expect(optionChange(saved, removeOptionValue(saved, 0, 1), 0)).toBe('removed');
    expect(optionChange(saved, removeOptionValue(saved, 0, 1), 1)).toBe('none');
  });

  it('keeps at least one variant enabled', () => {
    let p = makeImported();
    for (const id of ['v1', 'v2', 'v3']) p = updateVariant(p, id, { enabled: false });
    expect(updateVariant(p, 'v4', { enabled: false })).toBe(p);
    expect(updateVariant(p, 'v4', { price: 20 }).variants[3].price).toBe(20);
  });

  it('images: the thumbnail stays selected', () => {
    let p = toggleImage(makeImported(), 'https://img.test/a.jpg');
    expect(p.thumbnail).toBe('https://img.test/b.jpg');
    p = setThumbnail(p, 'https://img.test/c.jpg');
    expect(p.images.find((i) => i.url.endsWith('c.jpg'))?.selected).toBe(true);
    expect(p.thumbnail).toBe('https://img.test/c.jpg');
    const one = makeImported({ images: [{ url: 'x', selected: true }], thumbnail: 'x' });
    expect(toggleImage(one, 'x')).toBe(one);
  });

  it('images: library images are added selected once, and a removed thumbnail moves to the next selected image', () => {
    const lib = 'https://app.test/api/gallery-files/w/1.png';
    let p = addImages(makeImported(), [lib, lib, 'https://img.test/a.jpg']);
    expect(p.images.map((i) => i.url)).toEqual(['https://img.test/a.jpg', 'https://img.test/b.jpg', 'https://img.test/c.jpg', lib]);
    expect(p.images.at(-1)?.selected).toBe(true);
    expect(savePayload(p).images.at(-1)).toEqual({ url: lib, selected: true });
    p = removeImage(p, 'https://img.test/a.jpg');
    expect(p.images.map((i) => i.url)).not.toContain('https://img.test/a.jpg');
    expect(p.thumbnail).toBe(p.images.find((i) => i.selected)?.url);
    const empty = addImages(makeImported({ images: [], thumbnail: null }), [lib]);
    expect(empty.thumbnail).toBe(lib);
  });

  it('images: moving one swaps it with its neighbour, the order is what is saved, and the ends stay put', () => {
    const p = makeImported();
    const urls = p.images.map((i) => i.url);
    const later = moveImage(p, urls[0], 1);
    expect(savePayload(later).images.map((i) => i.url)).toEqual([urls[1], urls[0], ...urls.slice(2)]);
    expect(moveImage(p, urls[0], -1)).toBe(p);
    expect(moveImage(p, urls.at(-1)!, 1)).toBe(p);
    expect(moveImage(later, urls[0], -1).images.map((i) => i.url)).toEqual(urls);
  });

  it('validates before saving', () => {
    expect(validateProduct(makeImported())).toBeNull();
    expect(validateProduct(makeImported({ title: ' ' }))).toBe('titleRequired');
    expect(validateProduct(updateVariant(makeImported(), 'v1', { price: Number.NaN }))).toBe('invalidPrice');
    expect(validateProduct(updateVariant(makeImported(), 'v1', { compare_at_price: -1 }))).toBe('invalidPrice');
  });

  it('the save payload has the editable fields only', () => {
    const p = updateVariant(renameOptionValue(makeImported({ title: ' New title ' }), 0, 0, 'Crimson'), 'v2', {
      price: 19.99,
      compare_at_price: 29.99,
    });
    const body = savePayload(p);
    expect(Object.keys(body).sort()).toEqual([
      'collections',
      'description_html',
      'images',
      'options',
      'product_type',
      'tags',
      'thumbnail',
      'title',
      'variants',
      'vendor',
      'video_url',
    ]);
    expect(body.title).toBe('New title');
    expect(body.options[0]).toEqual({ name: 'Color', values: ['Crimson', 'Blue'] });
    expect(body.variants[1]).toEqual({
      id: 'v2',
      options: { Color: 'Crimson', Size: 'M' },
      price: 19.99,
      compare_at_price: 29.99,
      enabled: true,
    });
  });
});

describe('bulk edit payload', () => {
  it('sends only what changes', () => {
    expect(bulkPayload(['a'], EMPTY_BULK)).toBeNull();
    expect(bulkPayload([], { ...EMPTY_BULK, vendor: 'x' })).toBeNull();
    expect(bulkPayload(['a', 'b'], { ...EMPTY_BULK, tags: ['sale'], vendor: ' Acme ', priceOp: 'multiply', priceValue: 1.2 })).toEqual({
      ids: ['a', 'b'],
      tags_add: ['sale'],
      vendor: 'Acme',
      price: { op: 'multiply', value: 1.2 },
    });
    expect(bulkPayload(['a'], { ...EMPTY_BULK, priceOp: 'multiply', priceValue: 0 })).toBeNull();
    expect(bulkPayload(['a'], { ...EMPTY_BULK, priceOp: 'add', priceValue: -2 })).toEqual({ ids: ['a'], price: { op: 'add', value: -2 } });
  });
});
