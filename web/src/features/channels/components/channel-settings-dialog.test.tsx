import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/api-mock';
import { makeStore } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { ChannelSettingsDialog } from './channel-settings-dialog';

describe('channel settings panel', () => {
  it('TikTok: spec defaults, default warehouse, weight and dimensions are saved', async () => {
    const calls = mockApi((c) => {
      if (c.path === 'center/products/setting/get') return { data: { channels: {} } };
      if (c.path === 'tiktok/warehouse')
        return {
          data: {
            warehouses: [
              { id: 'w1', name: 'East', is_default: false, effect_status: 'ENABLED', type: 'SALES' },
              { id: 'w2', name: 'West', is_default: true, effect_status: 'ENABLED', type: 'SALES' },
            ],
          },
        };
      if (c.path === 'center/products/setting/update_channel') return { data: { settings: (c.body as { settings: unknown }).settings } };
      return undefined;
    });
    const onClose = vi.fn();
    renderRoute(<ChannelSettingsDialog target={{ kind: 'channel', channel: 'tiktok' }} onClose={onClose} />);
    const select = (await screen.findByTestId('setting-warehouse')) as HTMLSelectElement;
    expect(select.value).toBe('w2');
    fireEvent.change(screen.getByTestId('setting-weight'), { target: { value: '2.5' } });
    fireEvent.change(screen.getByTestId('setting-height'), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('channel-settings-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const put = calls.find((c) => c.path === 'center/products/setting/update_channel')!;
    expect(put.method).toBe('PUT');
    expect(put.headers.get('api-version')).toBe('v2');
    expect(put.body).toEqual({
      channel: 'tiktok',
      settings: {
        is_publish: true,
        allow_sell_out_of_stock: true,
        sync_order: true,
        publications: [],
        warehouse_id: 'w2',
        weight: { value: 2.5, unit: 'kilogram' },
        dimension: { height: 3, width: 1, length: 1, unit: 'centimeter' },
      },
    });
  });

  it('Shopify store: ticks publications and sends the store id', async () => {
    const store = makeStore('acme');
    const calls = mockApi((c) => {
      if (c.path === 'center/products/setting/get')
        return { data: { channels: { acme: { is_publish: false, allow_sell_out_of_stock: true, sync_order: true, publications: [] } } } };
      if (c.path === 'status/shopify-service/api/shopify/shop/publications')
        return {
          data: { publications: [{ id: 'p1', name: 'Online Store', handle: 'online_store', is_active: true }], external_channels: [] },
        };
      if (c.path === 'center/products/setting/update_channel') return { data: { settings: {} } };
      return undefined;
    });
    renderRoute(<ChannelSettingsDialog target={{ kind: 'store', store }} onClose={() => {}} />);
    fireEvent.click(await screen.findByText('Online Store'));
    await waitFor(() => expect(screen.getByTestId('setting-publication-online_store').getAttribute('data-state')).toBe('checked'));
    fireEvent.click(screen.getByTestId('channel-settings-save'));
    await waitFor(() => expect(calls.some((c) => c.path === 'center/products/setting/update_channel')).toBe(true));
    expect(calls.find((c) => c.path === 'center/products/setting/update_channel')?.body).toEqual({
      channel: 'shopify',
      store_id: 'acme',
      settings: {
        is_publish: false,
        allow_sell_out_of_stock: true,
        sync_order: true,
        publications: [{ id: 'p1', handle: 'online_store' }],
      },
    });
  });
});
