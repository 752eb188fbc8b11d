import { describe, expect, it } from 'vitest';
import { makeStore } from '@/test/fixtures';
import type { Store } from '@/types/api';
import { shopifyDomain, storeAlreadyExists, wooDomain } from './store-url';

const store = (over: Partial<Store>): Store =>
  makeStore('s1', { platform_domain: 'acme.myshopify.com', domain: 'acme.myshopify.com', name: 'Acme', is_default: true, ...over });

describe('store URL normalisation', () => {
  it('adds the .myshopify.com suffix once', () => {
    for (const raw of [
      'acme',
      'Acme.myshopify.com',
      'https://acme.myshopify.com/admin/products',
      ' acme ',
      'http://ACME.myshopify.com?x=1',
    ]) {
      expect(shopifyDomain(raw), raw).toBe('acme.myshopify.com');
    }
    for (const bad of ['', '   ', 'ac me', '-acme', 'a_b', 'acme.com']) expect(shopifyDomain(bad), bad).toBeNull();
  });

  it('reduces WooCommerce addresses to host, port and path', () => {
    expect(wooDomain('https://www.Shop.example/')).toBe('shop.example');
    expect(wooDomain('shop.example')).toBe('shop.example');
    expect(wooDomain('http://127.0.0.1:9090/woo/acme/')).toBe('127.0.0.1:9090/woo/acme');
    expect(wooDomain('https://shop.example/?a=1')).toBeNull();
    expect(wooDomain('')).toBeNull();
  });
});

describe('StoreAlreadyExistsInThisAccount check', () => {
  const stores = [
    store({}),
    store({ id: 's2', platform: 'woocommerce', platform_domain: '127.0.0.1:9090/woo/x' }),
    store({ id: 's3', platform_domain: 'gone.myshopify.com', status: 'disconnected' }),
  ];

  it('matches a connected Shopify store with the suffix added', () => {
    expect(storeAlreadyExists('shopify', 'acme', stores)).toBe(true);
    expect(storeAlreadyExists('shopify', 'https://acme.myshopify.com/', stores)).toBe(true);
    expect(storeAlreadyExists('shopify', 'other', stores)).toBe(false);
  });

  it('lets a disconnected store connect again', () => {
    expect(storeAlreadyExists('shopify', 'gone', stores)).toBe(false);
  });

  it('compares within the platform', () => {
    expect(storeAlreadyExists('woocommerce', 'http://127.0.0.1:9090/woo/x/', stores)).toBe(true);
    expect(storeAlreadyExists('woocommerce', 'acme.myshopify.com', stores)).toBe(false);
  });

  it("counts the account's stores linked in other workplaces", () => {
    const linked = { shopify: [{ id: 'x9', workplace_id: 'w2', platform_domain: 'elsewhere.myshopify.com' }] };
    expect(storeAlreadyExists('shopify', 'elsewhere', stores, linked)).toBe(true);
    expect(storeAlreadyExists('shopify', 'elsewhere', stores, {})).toBe(false);
  });

  it('is false for an empty or invalid address', () => {
    expect(storeAlreadyExists('shopify', '', stores)).toBe(false);
  });
});
