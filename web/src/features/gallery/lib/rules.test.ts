import { describe, expect, it } from 'vitest';
import { galleryPageKey } from '../api/gallery';
import { absoluteUrl, cleanLink, isAccepted, isHeic, jpegName, nearBottom, shortName, takeFiles } from './rules';

describe('image library rules', () => {
  it('shortens names over 25 characters, keeping the extension', () => {
    expect(shortName('short-name.png')).toBe('short-name.png');
    expect(shortName('exactly-twenty-five-c.png')).toBe('exactly-twenty-five-c.png');
    const long = shortName('a-very-long-product-photo-name-from-the-camera.jpeg');
    expect(long).toBe('a-very-long-product….jpeg');
    expect([...long]).toHaveLength(25);
  });

  it('takes files up to 250 in the library and drops the rest', () => {
    const files = Array.from({ length: 10 }, (_, i) => i);
    expect(takeFiles(files, 0)).toEqual({ taken: files, dropped: [] });
    expect(takeFiles(files, 247)).toEqual({ taken: [0, 1, 2], dropped: [3, 4, 5, 6, 7, 8, 9] });
    expect(takeFiles(files, 250).taken).toEqual([]);
  });

  it('accepts the six types and converts HEIC to a JPEG name', () => {
    for (const name of ['a.jpg', 'b.JPEG', 'c.png', 'd.svg', 'e.HEIC', 'f.webp']) expect(isAccepted({ name }), name).toBe(true);
    for (const name of ['g.gif', 'h.pdf', 'noext']) expect(isAccepted({ name }), name).toBe(false);
    expect(isHeic({ name: 'IMG_1.HEIC', type: '' })).toBe(true);
    expect(isHeic({ name: 'photo', type: 'image/heif' })).toBe(true);
    expect(isHeic({ name: 'a.jpg', type: 'image/jpeg' })).toBe(false);
    expect(jpegName('IMG_1.HEIC')).toBe('IMG_1.jpg');
  });

  it('trims the URL', () => {
    expect(cleanLink('  https://cdn.example/a.png \n')).toBe('https://cdn.example/a.png');
    expect(cleanLink('   ')).toBe('');
  });

  it('asks for the next page within 100 px of the bottom, and stops after the last page', () => {
    expect(nearBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 500 })).toBe(true);
    expect(nearBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 499 })).toBe(false);
    expect(galleryPageKey(0, null)).toBe('center/products/galleries/list?page=1&page_size=50');
    const full = { total: 120, items: Array(50).fill({}) };
    expect(galleryPageKey(1, full)).toBe('center/products/galleries/list?page=2&page_size=50');
    expect(galleryPageKey(1, { total: 30, items: Array(30).fill({}) })).toBeNull();
    expect(galleryPageKey(3, full)).toBeNull();
  });

  it('gives a library file the whole address a store can fetch', () => {
    expect(absoluteUrl('/api/gallery-files/w/a.png', '/api/', 'https://app.dropline.io/app/x')).toBe(
      'https://app.dropline.io/api/gallery-files/w/a.png',
    );
    expect(absoluteUrl('/api/gallery-files/w/a.png', 'https://api.dropline.io/api/', 'https://app.dropline.io/')).toBe(
      'https://api.dropline.io/api/gallery-files/w/a.png',
    );
  });
});
