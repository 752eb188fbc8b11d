import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { makeStore } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { browser } from '../lib/navigation';
import { ConnectStoreDialog } from './connect-store-dialog';

const stores = [makeStore('acme', { is_default: true })];

function open(platform: 'shopify' | 'woocommerce', onConnected = vi.fn()) {
  renderRoute(<ConnectStoreDialog platform={platform} stores={stores} onClose={() => {}} onConnected={onConnected} />);
  return onConnected;
}

const submit = () => screen.getByTestId('connect-submit') as HTMLButtonElement;
const type = (value: string) => fireEvent.change(screen.getByTestId('connect-store-url'), { target: { value } });

describe('connect dialog', () => {
  it('keeps Connect disabled while the store URL is empty', async () => {
    mockApi(() => undefined);
    open('shopify');
    await screen.findByTestId('connect-dialog');
    expect(submit().disabled).toBe(true);
    type('   ');
    expect(submit().disabled).toBe(true);
    type('new-shop');
    expect(submit().disabled).toBe(false);
  });

  it('says StoreAlreadyExistsInThisAccount for a shop of the account (suffix added)', async () => {
    mockApi(() => undefined);
    open('shopify');
    await screen.findByTestId('connect-dialog');
    type('ACME');
    expect(screen.getByTestId('connect-error').textContent).toBe('This store is already connected to your account.');
    expect(submit().disabled).toBe(true);
  });

  it('starts the Shopify install and leaves for the install page', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const calls = mockApi((c) =>
      c.path === 'auth/platform/shopify/install' ? { data: { url: 'https://shopify.example/install' } } : undefined,
    );
    open('shopify');
    await screen.findByTestId('connect-dialog');
    type('new-shop');
    fireEvent.click(submit());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://shopify.example/install'));
    expect(calls.find((c) => c.path === 'auth/platform/shopify/install')).toMatchObject({ method: 'POST', body: { shop: 'new-shop' } });
  });

  it("translates the server's StoreAlreadyExistsInThisAccount answer", async () => {
    mockApi(() => ({ status: 201, success: false, message: 'StoreAlreadyExistsInThisAccount' }));
    open('shopify');
    await screen.findByTestId('connect-dialog');
    type('elsewhere');
    fireEvent.click(submit());
    expect((await screen.findByTestId('connect-error')).textContent).toBe('This store is already connected to your account.');
    await waitFor(() => expect(submit().disabled).toBe(false));
  });

  it('links a WooCommerce store with pasted API keys', async () => {
    const store = makeStore('woo', { platform: 'woocommerce', platform_domain: 'woo.example' });
    const calls = mockApi((c) => (c.path === 'auth/platform/woocommerce/link' ? { data: { store } } : undefined));
    const onConnected = open('woocommerce');
    await screen.findByTestId('connect-dialog');
    type('https://woo.example/');
    fireEvent.click(screen.getByText('I have API keys'));
    await screen.findByTestId('connect-consumer-key');
    expect(submit().disabled).toBe(true);
    fireEvent.change(screen.getByTestId('connect-consumer-key'), { target: { value: 'ck_1' } });
    fireEvent.change(screen.getByTestId('connect-consumer-secret'), { target: { value: 'cs_1' } });
    fireEvent.click(submit());
    await waitFor(() => expect(onConnected).toHaveBeenCalledWith(store));
    expect(calls.find((c) => c.path === 'auth/platform/woocommerce/link')?.body).toEqual({
      shop: 'https://woo.example/',
      consumer_key: 'ck_1',
      consumer_secret: 'cs_1',
    });
  });

  it('tells an owner on plain HTTP that the key grant cannot work and opens the key fields', async () => {
    const refusal = 'WooCommerceKeyGrantNeedsHttps';
    mockApi((c) =>
      c.path === 'auth/platform/woocommerce/install'
        ? { status: 204, success: false, message: refusal, errors: { shop: [refusal] } }
        : undefined,
    );
    open('woocommerce');
    await screen.findByTestId('connect-dialog');
    type('https://woo.example/');
    fireEvent.click(submit());
    expect((await screen.findByTestId('connect-error')).textContent).toContain('only to an HTTPS address');
    expect(await screen.findByTestId('connect-consumer-key')).toBeTruthy();
  });
});
