import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS, clearShopId, getShopId } from '@/lib/storage';
import { mockApi } from '@/test/api-mock';
import { makeStore } from '@/test/fixtures';
import { pick } from '@/test/menu';
import { renderRoute } from '@/test/render';
import { StoreSelector } from './store-selector';

const stores = [
  makeStore('a'),
  makeStore('b', { is_default: true }),
  makeStore('c', { platform: 'woocommerce', platform_domain: 'c.example' }),
];

describe('store selector (current shop)', () => {
  beforeEach(() => window.localStorage.setItem(STORAGE_KEYS.workplaceId, 'w1'));
  it('selects the default shop, stores it, and follows a choice and a cleared id', async () => {
    mockApi((c) => (c.path === 'stores/list-store' ? { data: { stores } } : undefined));
    renderRoute(<StoreSelector />);
    const trigger = await screen.findByTestId('store-selector');
    await waitFor(() => expect(trigger.getAttribute('data-current')).toBe('b'));
    expect(getShopId()).toBe('b');

    fireEvent.click(trigger);
    await pick(await screen.findByTestId('store-option-c'));
    await waitFor(() => expect(screen.getByTestId('store-selector').getAttribute('data-current')).toBe('c'));
    expect(getShopId()).toBe('c');

    // CURRENT_SHOP_ID_INVALID clears the stored id: the default shop is chosen again, no reload.
    act(() => clearShopId());
    await waitFor(() => expect(screen.getByTestId('store-selector').getAttribute('data-current')).toBe('b'));
    expect(getShopId()).toBe('b');
  });

  it('uses a stored id that is one of the shops', async () => {
    window.localStorage.setItem(STORAGE_KEYS.shopId, 'a');
    mockApi((c) => (c.path === 'stores/list-store' ? { data: { stores } } : undefined));
    renderRoute(<StoreSelector />);
    await waitFor(() => expect(screen.getByTestId('store-selector').getAttribute('data-current')).toBe('a'));
  });

  it('offers to connect a store when the workplace has none, and forgets a stale id', async () => {
    window.localStorage.setItem(STORAGE_KEYS.shopId, 'old');
    mockApi((c) => (c.path === 'stores/list-store' ? { data: { stores: [] } } : undefined));
    renderRoute(<StoreSelector />);
    expect(await screen.findByTestId('store-selector-connect')).toBeTruthy();
    await waitFor(() => expect(getShopId()).toBeNull());
  });
});
