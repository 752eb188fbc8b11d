import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { mockApi, type MockCall, type MockReply } from '@/test/api-mock';
import { makeChannel, makeStore } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { ChannelPage } from './channel-page';

const shop = makeStore('acme', {
  is_default: true,
  metadata: {
    external_channels: [{ id: 'e1', handle: 'pinterest-4', developer_name: 'Pinterest', name: 'Pinterest', app_id: 1, is_active: true }],
  },
});
const woo = makeStore('woo', {
  platform: 'woocommerce',
  platform_domain: '127.0.0.1:9090/woo/x',
  setup: 'error',
  setup_error: 'Webhooks refused',
});
const gone = makeStore('gone', { status: 'disconnected' });

function serve(extra: (c: MockCall) => MockReply | undefined = () => undefined) {
  return mockApi((c) => {
    const reply = extra(c);
    if (reply) return reply;
    if (c.path === 'stores/list-store') return { data: { stores: [shop, woo, gone] } };
    if (c.path === 'channels/list')
      return {
        data: {
          channels: [
            makeChannel('tiktok', { connected: true, account_name: 'TT Shop' }),
            makeChannel('facebook'),
            makeChannel('google', { status: 'coming_soon' }),
          ],
        },
      };
    if (c.path === 'status/shopify-service/api/shopify/shop/publications')
      return {
        data: {
          publications: [
            { id: 'p1', name: 'Online Store', handle: 'online_store', is_active: true },
            { id: 'p2', name: 'Pinterest', handle: 'pinterest-4', is_active: true },
          ],
          external_channels: [],
        },
      };
    return undefined;
  });
}

describe('channel page', () => {
  beforeEach(() => window.localStorage.setItem(STORAGE_KEYS.workplaceId, 'w1'));
  it('lists the stores with their state, and the channel cards', async () => {
    const calls = serve();
    renderRoute(<ChannelPage />, { path: '/app/channel' });
    const row = await screen.findByTestId('store-row-acme');
    expect(within(row).getByTestId('store-status').textContent).toBe('Active');
    expect(within(row).getByTestId('store-default')).toBeTruthy();
    expect(within(row).queryByTestId('store-make-default')).toBeNull();
    expect(await within(row).findByTestId('publication-online_store')).toBeTruthy();
    const pubCall = calls.find((c) => c.path === 'status/shopify-service/api/shopify/shop/publications')!;
    expect(pubCall.headers.get('store-id')).toBe('acme');
    expect(pubCall.query.get('clear_cache')).toBe('1');
    expect(pubCall.query.get('update_external_channels')).toBe('1');

    const wooRow = screen.getByTestId('store-row-woo');
    expect(within(wooRow).getByTestId('store-setup-woo').getAttribute('data-setup')).toBe('error');
    expect(within(wooRow).getByText('Webhooks refused')).toBeTruthy();
    expect(within(screen.getByTestId('store-row-gone')).getByTestId('store-status').textContent).toBe('Disconnected');

    expect((await screen.findByTestId('channel-card-tiktok')).getAttribute('data-state')).toBe('active');
    expect(screen.getByTestId('channel-detail-tiktok').textContent).toBe('TT Shop');
    expect(screen.getByTestId('channel-card-facebook').getAttribute('data-state')).toBe('idle');
    expect(screen.getByTestId('channel-card-google').getAttribute('data-state')).toBe('coming');
    expect(screen.getByTestId('channel-card-pinterest').getAttribute('data-state')).toBe('active');
    // Reached through a Shopify store, like the push dialog offers it: never "coming soon".
    expect(screen.getByTestId('channel-card-snapchat').getAttribute('data-state')).toBe('via');
    expect(screen.getByTestId('channel-detail-snapchat').textContent).toBe(
      'Add the channel’s app in your Shopify admin: it then shows here and in the push dialog.',
    );
    expect(within(screen.getByTestId('via-shopify-section')).queryByText('Coming soon')).toBeNull();
    expect(screen.getByTestId('coming-etsy')).toBeTruthy();
    expect(screen.getByTestId('channel-card-shopify').getAttribute('data-state')).toBe('active');
  });

  it("shows a channel active as soon as the store's publications (the push dialog's list) include it", async () => {
    serve((c) =>
      c.path === 'status/shopify-service/api/shopify/shop/publications'
        ? { data: { publications: [{ id: 'p3', name: 'Snapchat', handle: 'snap-ads-sync', is_active: true }], external_channels: [] } }
        : undefined,
    );
    renderRoute(<ChannelPage />, { path: '/app/channel' });
    await waitFor(() => expect(screen.getByTestId('channel-card-snapchat').getAttribute('data-state')).toBe('active'));
    expect(screen.getByTestId('channel-detail-snapchat').textContent).toBe('Through ACME');
    // The list's stored external channels said Pinterest; the fresh publications no longer have it.
    expect(screen.getByTestId('channel-card-pinterest').getAttribute('data-state')).toBe('via');
  });

  it('makes a store the default', async () => {
    const calls = serve((c) =>
      c.path === 'core/stores/update-default-store' ? { data: { store: { ...woo, is_default: true } } } : undefined,
    );
    renderRoute(<ChannelPage />, { path: '/app/channel' });
    const row = await screen.findByTestId('store-row-woo');
    fireEvent.click(within(row).getByTestId('store-make-default'));
    await waitFor(() => expect(calls.some((c) => c.path === 'core/stores/update-default-store')).toBe(true));
    expect(calls.find((c) => c.path === 'core/stores/update-default-store')?.body).toEqual({ store_id: 'woo' });
    await waitFor(() => expect(calls.filter((c) => c.path === 'stores/list-store').length).toBe(2));
  });

  it('a failed removal resets the loading state and keeps the store', async () => {
    const calls = serve((c) => (c.method === 'DELETE' ? { status: 201, success: false, message: 'Cannot remove' } : undefined));
    renderRoute(<ChannelPage />, { path: '/app/channel' });
    const row = await screen.findByTestId('store-row-woo');
    fireEvent.click(within(row).getByTestId('store-remove'));
    fireEvent.click(await screen.findByTestId('remove-store-dialog-confirm'));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === 'stores/woo')).toBe(true));
    await waitFor(() => expect(within(row).getByTestId('store-remove').hasAttribute('data-loading')).toBe(false));
    expect((within(row).getByTestId('store-remove') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByTestId('store-row-woo')).toBeTruthy();
  });

  it('says when the account already has the typed shop', async () => {
    serve();
    renderRoute(<ChannelPage />, { path: '/app/channel' });
    fireEvent.click(await screen.findByTestId('channel-connect-shopify'));
    fireEvent.change(await screen.findByTestId('connect-store-url'), { target: { value: 'acme' } });
    expect(screen.getByTestId('connect-error').textContent).toBe('This store is already connected to your account.');
  });

  it("handles WooCommerce's return and refreshes the list", async () => {
    const calls = serve();
    const { router } = renderRoute(<ChannelPage />, {
      path: '/app/channel?platform=woocommerce&success=1&user_id=st',
      route: '/app/channel',
    });
    expect(await screen.findByText('Your WooCommerce store is connected.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(calls.filter((c) => c.path === 'stores/list-store').length).toBeGreaterThanOrEqual(1));
  });

  it('disconnects a sales channel after confirmation', async () => {
    const calls = serve((c) => (c.path === 'auth/platform/tiktok/disconnect' ? { data: { channel: makeChannel('tiktok') } } : undefined));
    renderRoute(<ChannelPage />, { path: '/app/channel' });
    fireEvent.click(await screen.findByTestId('channel-disconnect-tiktok'));
    fireEvent.click(await screen.findByTestId('disconnect-channel-dialog-confirm'));
    await waitFor(() => expect(calls.some((c) => c.path === 'auth/platform/tiktok/disconnect' && c.method === 'POST')).toBe(true));
  });
});
