import { describe, expect, it } from 'vitest';
import { makeStore } from '@/test/fixtures';
import { resolveCurrentShop, sortStores } from './current-shop';

const shop = makeStore;

describe('current shop', () => {
  const stores = [shop('a'), shop('b', { is_default: true }), shop('c')];

  it('sorts the default shop first and keeps the rest in order', () => {
    expect(sortStores(stores).map((s) => s.id)).toEqual(['b', 'a', 'c']);
  });

  it('uses the stored id when it is one of the shops', () => {
    expect(resolveCurrentShop(stores, 'c')?.id).toBe('c');
  });

  it('falls back to the default shop, then the first one', () => {
    expect(resolveCurrentShop(stores, 'gone')?.id).toBe('b');
    expect(resolveCurrentShop(stores, null)?.id).toBe('b');
    expect(resolveCurrentShop([shop('x'), shop('y')], null)?.id).toBe('x');
    expect(resolveCurrentShop([], 'a')).toBeUndefined();
  });

  it('matches the store domain when embedded', () => {
    expect(resolveCurrentShop(stores, 'c', 'A.myshopify.com')?.id).toBe('a');
    expect(resolveCurrentShop(stores, 'c', 'unknown.myshopify.com')?.id).toBe('c');
  });
});
