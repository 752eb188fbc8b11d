import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeStore } from '@/test/fixtures';
import { renderInApp } from '@/test/render';
import { ViaShopifySection, storeWithHandle } from './via-shopify-section';

describe('channels through a Shopify store', () => {
  it('without a Shopify store, says to connect one instead of "coming soon"', () => {
    renderInApp(<ViaShopifySection stores={[makeStore('woo', { platform: 'woocommerce' })]} />);
    for (const id of ['pinterest', 'shop', 'snapchat', 'x']) {
      expect(screen.getByTestId(`channel-card-${id}`).getAttribute('data-state')).toBe('via');
      expect(screen.getByTestId(`channel-detail-${id}`).textContent).toBe(
        'Connect a Shopify store, then add the channel’s app in its admin.',
      );
    }
    expect(screen.queryByText('Coming soon')).toBeNull();
  });

  it('prefers the publications as read over the list’s stored external channels, and skips disconnected stores', () => {
    const shop = makeStore('acme', {
      metadata: { external_channels: [{ id: 'e', handle: 'x-ads', developer_name: 'X', name: 'X', app_id: 1, is_active: true }] },
    });
    expect(storeWithHandle([shop], 'x-ads')?.id).toBe('acme');
    expect(storeWithHandle([shop], 'x-ads', { acme: ['snap-ads-sync'] })).toBeUndefined();
    expect(storeWithHandle([shop], 'snap-ads-sync', { acme: ['snap-ads-sync'] })?.id).toBe('acme');
    expect(storeWithHandle([{ ...shop, status: 'disconnected' }], 'x-ads')).toBeUndefined();
  });
});
