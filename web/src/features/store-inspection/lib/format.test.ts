import { describe, expect, it } from 'vitest';
import { inspectionRefreshInterval, INSPECT_POLL_MS, type Inspection } from '../api/inspect';
import { orderApps, priceRange, productImage } from './format';

const scan = (status: Inspection['status']): Inspection => ({ id: '1', url: 'x', status, error: null, result: null });

describe('inspection polling', () => {
  it('polls while processing and stops on success or error', () => {
    expect(inspectionRefreshInterval(undefined)).toBe(INSPECT_POLL_MS);
    expect(inspectionRefreshInterval(scan('processing'))).toBe(INSPECT_POLL_MS);
    expect(inspectionRefreshInterval(scan('success'))).toBe(0);
    expect(inspectionRefreshInterval(scan('error'))).toBe(0);
  });
});

describe('inspection formatting', () => {
  const p = { id: 1, handle: 'h', title: 'T' };

  it('shows a price range, one price, or -- when missing', () => {
    expect(priceRange({ ...p, minPrice: '10.00', maxPrice: '25.5', currency: 'USD' }, null, 'en')).toBe('$10.00 - $25.50');
    expect(priceRange({ ...p, minPrice: 5, maxPrice: 5 }, 'EUR', 'en')).toBe('€5.00');
    expect(priceRange(p, 'USD', 'en')).toBe('--');
    expect(priceRange({ ...p, minPrice: 3 }, 'ZZZ1', 'en')).toBe('ZZZ1 3.00');
  });

  it('reads the image as a string or {src}', () => {
    expect(productImage({ ...p, image: 'a.png' })).toBe('a.png');
    expect(productImage({ ...p, image: { src: 'b.png' } })).toBe('b.png');
    expect(productImage(p)).toBeNull();
  });

  it('lists own-brand apps first and drops duplicate names', () => {
    const apps = orderApps([
      { name: 'Klaviyo' },
      { name: 'Dropline Reviews', own_brand: true },
      { name: 'klaviyo ' },
      { name: 'Judge.me' },
    ]);
    expect(apps.map((a) => a.name)).toEqual(['Dropline Reviews', 'Klaviyo', 'Judge.me']);
  });
});
