import type { SalesChannel, Store } from '@/types/api';

export function makeStore(id: string, over: Partial<Store> = {}): Store {
  return {
    id,
    platform: 'shopify',
    platform_domain: `${id}.myshopify.com`,
    domain: `${id}.myshopify.com`,
    name: id.toUpperCase(),
    currency: 'USD',
    workplace_id: 'w1',
    is_default: false,
    status: 'connected',
    setup: 'ready',
    setup_error: null,
    connected_at: '2026-01-01T00:00:00Z',
    metadata: { external_channels: [] },
    ...over,
  };
}

export function makeChannel(channel: SalesChannel['channel'], over: Partial<SalesChannel> = {}): SalesChannel {
  return {
    channel,
    handle: channel,
    name: channel,
    status: 'active',
    connected: false,
    account_name: null,
    connected_at: null,
    needs_link: false,
    options: null,
    ...over,
  };
}
