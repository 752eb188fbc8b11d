import { describe, expect, it } from 'vitest';
import { detectEmbedded, installPath } from './embedded';

function memory(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, v),
  };
}

describe('detectEmbedded', () => {
  it('reads the shop Shopify opened the dashboard with and keeps it for the tab', () => {
    const tab = memory();
    const context = detectEmbedded('?embedded=1&shop=Acme.myshopify.com&host=YWRtaW4', tab);
    expect(context).toEqual({ shop: 'acme.myshopify.com', host: 'YWRtaW4', search: '?embedded=1&shop=Acme.myshopify.com&host=YWRtaW4' });
    expect(detectEmbedded('', tab)).toEqual(context);
    expect(installPath(context!)).toBe('/install?embedded=1&shop=Acme.myshopify.com&host=YWRtaW4');
  });

  it('is not embedded without embedded=1 or with a shop that is not a myshopify domain', () => {
    const tab = memory();
    expect(detectEmbedded('?shop=acme.myshopify.com', tab)).toBeNull();
    expect(detectEmbedded('?embedded=1&shop=acme.example.com', tab)).toBeNull();
    expect(detectEmbedded('', tab)).toBeNull();
    tab.setItem('dropline.embedded', '{broken');
    expect(detectEmbedded('', tab)).toBeNull();
    expect(detectEmbedded('?embedded=1&shop=acme.myshopify.com', null)?.shop).toBe('acme.myshopify.com');
  });
});
