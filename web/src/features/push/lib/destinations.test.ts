import { describe, expect, it } from 'vitest';
import { makeChannel, makeStore } from '@/test/fixtures';
import {
  channelsPayload,
  initialChoices,
  pushedDestinations,
  selectedKeys,
  splitUpdate,
  tickedPublications,
  toDestinations,
} from './destinations';

const stores = [
  makeStore('s1', { name: 'Main shop' }),
  makeStore('w1', { platform: 'woocommerce', name: '' }),
  makeStore('old', { status: 'disconnected' }),
];
const channels = [
  makeChannel('tiktok', { connected: true, account_name: 'My TikTok' }),
  makeChannel('facebook', { connected: true }),
  makeChannel('google', { connected: true, needs_link: true }),
];

describe('push destinations', () => {
  it('lists connected stores, then connected and linked channels', () => {
    expect(toDestinations(stores, channels)).toEqual([
      { key: 's1', kind: 'store', platform: 'shopify', name: 'Main shop', currency: 'USD' },
      { key: 'w1', kind: 'store', platform: 'woocommerce', name: 'w1.myshopify.com', currency: 'USD' },
      { key: 'tiktok', kind: 'channel', platform: 'tiktok', name: 'My TikTok' },
      { key: 'facebook', kind: 'channel', platform: 'facebook', name: 'Facebook' },
    ]);
    expect(toDestinations(undefined, undefined)).toEqual([]);
  });

  it('ticks the first destination and reads publish and publications from the channel settings', () => {
    const dests = toDestinations(stores, channels);
    const choices = initialChoices(dests, {
      s1: { is_publish: false, allow_sell_out_of_stock: true, sync_order: true, publications: [{ id: 'gid://1', handle: 'online_store' }] },
      facebook: { is_publish: false, allow_sell_out_of_stock: true, sync_order: true, publications: [] },
    });
    expect(selectedKeys(dests, choices)).toEqual(['s1']);
    expect(choices.s1).toEqual({ selected: true, publish: false, publications: ['gid://1'] });
    expect(choices.w1).toEqual({ selected: false, publish: true, publications: null });
    // Facebook cannot unpublish.
    expect(choices.facebook.publish).toBe(true);
    expect(selectedKeys(dests, initialChoices(dests, undefined, ['w1', 'tiktok']))).toEqual(['w1', 'tiktok']);
  });

  it('builds settings.channels of the ticked destinations', () => {
    const dests = toDestinations(stores, channels);
    const choices = initialChoices(dests, undefined, ['s1', 'w1', 'facebook']);
    choices.s1.publications = ['gid://1', 'gid://2'];
    choices.w1.publish = false;
    choices.facebook.publish = false;
    expect(channelsPayload(dests, choices)).toEqual({
      s1: { is_publish: true, publications: ['gid://1', 'gid://2'] },
      w1: { is_publish: false },
      facebook: { is_publish: true },
    });
  });

  it('shows the Online Store ticked until publications are chosen', () => {
    const pubs = [
      { id: 'gid://1', handle: 'online_store' },
      { id: 'gid://2', handle: 'pinterest-4' },
    ];
    expect(tickedPublications({ selected: true, publish: true, publications: null }, pubs)).toEqual(['gid://1']);
    expect(tickedPublications({ selected: true, publish: true, publications: ['gid://2'] }, pubs)).toEqual(['gid://2']);
  });

  it('an update pushes again where products are and pushes where they are not yet', () => {
    const products: { id: string; pushed: Record<string, string> }[] = [
      { id: 'a', pushed: { s1: 'success' } },
      { id: 'b', pushed: { s1: 'error', w1: 'success' } },
      { id: 'c', pushed: {} },
    ];
    // b failed at s1: it is pushed (and counted) again there.
    expect(splitUpdate(products, ['s1'])).toEqual({ push: ['b', 'c'], update: ['a'] });
    expect(splitUpdate(products, ['w1'])).toEqual({ push: ['a', 'c'], update: ['b'] });
    expect(splitUpdate(products, [])).toEqual({ push: [], update: [] });
    expect(pushedDestinations(products, toDestinations(stores, channels))).toEqual(['s1', 'w1']);
    expect(pushedDestinations([products[1]], toDestinations(stores, channels))).toEqual(['w1']);
  });
});
