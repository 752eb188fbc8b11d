import { describe, expect, it } from 'vitest';
import { isValidUrl, withScheme } from './url';

describe('withScheme', () => {
  it('adds https unless the address has a scheme, handling leading slashes', () => {
    expect(withScheme('shop.example')).toBe('https://shop.example');
    expect(withScheme('//shop.example/x')).toBe('https://shop.example/x');
    expect(withScheme('http://shop.example')).toBe('http://shop.example');
    expect(withScheme('HTTPS://shop.example')).toBe('HTTPS://shop.example');
    expect(withScheme('shop.example', 'http')).toBe('http://shop.example');
    expect(withScheme('  ')).toBe('');
  });
});

describe('isValidUrl', () => {
  it('accepts store addresses with or without a scheme', () => {
    expect(isValidUrl('acme.myshopify.com')).toBe(true);
    expect(isValidUrl('http://127.0.0.1:9090/shops/acme.myshopify.com/')).toBe(true);
  });
  it('rejects words and other schemes', () => {
    expect(isValidUrl('hello')).toBe(false);
    expect(isValidUrl('')).toBe(false);
    expect(isValidUrl('ftp://x.example')).toBe(false);
    expect(isValidUrl('has space.com')).toBe(false);
  });
});
