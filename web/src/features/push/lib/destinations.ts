/**
 * The destinations of a push: the workplace's connected stores and its connected sales channels
 * (docs/API.md "Push to stores and channels"), with what the modal lets the user choose for each.
 */
import type { ChannelSettings, SalesChannel, SalesChannelId, Store, StorePlatform } from '@/types/api';
import type { DestinationSettings, PushProduct } from '@/types/push';
import { newDestinations } from './quota';

export type DestinationPlatform = StorePlatform | SalesChannelId;

export interface Destination {
  /** The store id, or the channel key. */
  key: string;
  kind: 'store' | 'channel';
  platform: DestinationPlatform;
  name: string;
  /** A store's selling currency: prices (kept in USD) are converted into it when pushed. */
  currency?: string;
}

/** Brand names (not translated). */
export const PLATFORM_NAMES: Record<DestinationPlatform, string> = {
  shopify: 'Shopify',
  woocommerce: 'WooCommerce',
  tiktok: 'TikTok',
  facebook: 'Facebook',
  google: 'Google Merchant',
};

/** The Shopify publication a push uses when none is chosen. */
export const ONLINE_STORE_HANDLE = 'online_store';

/** Facebook cannot use unpublish (spec section 5). */
export const canUnpublish = (platform: DestinationPlatform) => platform !== 'facebook';

/** Connected stores (default first, as listed), then connected and linked channels. */
export function toDestinations(stores: readonly Store[] | undefined, channels: readonly SalesChannel[] | undefined): Destination[] {
  const fromStores: Destination[] = (stores ?? [])
    .filter((s) => s.status === 'connected')
    .map((s) => ({ key: s.id, kind: 'store', platform: s.platform, name: s.name || s.platform_domain, currency: s.currency }));
  const fromChannels: Destination[] = (channels ?? [])
    .filter((c) => c.connected && !c.needs_link && c.status === 'active')
    .map((c) => ({ key: c.channel, kind: 'channel', platform: c.channel, name: c.account_name || PLATFORM_NAMES[c.channel] }));
  return [...fromStores, ...fromChannels];
}

export interface Choice {
  selected: boolean;
  publish: boolean;
  /** Chosen Shopify publication ids; null: the saved ones, else the Online Store. */
  publications: string[] | null;
}

export type Choices = Record<string, Choice>;

/**
 * The modal's first choices: `preselect` ticked (default: the first destination, the default
 * store), publish as the channel settings say (publish by default), saved publications.
 */
export function initialChoices(
  destinations: readonly Destination[],
  settings: Record<string, ChannelSettings> | undefined,
  preselect?: readonly string[],
): Choices {
  const ticked = new Set(preselect ?? destinations.slice(0, 1).map((d) => d.key));
  const out: Choices = {};
  for (const d of destinations) {
    const saved = settings?.[d.key];
    const pubs = (saved?.publications ?? []).map((p) => p.id);
    out[d.key] = {
      selected: ticked.has(d.key),
      publish: canUnpublish(d.platform) ? (saved?.is_publish ?? true) : true,
      publications: d.platform === 'shopify' && pubs.length > 0 ? pubs : null,
    };
  }
  return out;
}

export function selectedKeys(destinations: readonly Destination[], choices: Choices): string[] {
  return destinations.filter((d) => choices[d.key]?.selected).map((d) => d.key);
}

/** The publications shown ticked: the chosen ones, else the Online Store. */
export function tickedPublications(choice: Choice | undefined, publications: readonly { id: string; handle: string }[]): string[] {
  if (choice?.publications) return choice.publications;
  return publications.filter((p) => p.handle === ONLINE_STORE_HANDLE).map((p) => p.id);
}

/** `settings.channels` of a push: each ticked destination with publish and its publications. */
export function channelsPayload(destinations: readonly Destination[], choices: Choices): Record<string, DestinationSettings> {
  const out: Record<string, DestinationSettings> = {};
  for (const d of destinations) {
    const c = choices[d.key];
    if (!c?.selected) continue;
    out[d.key] = { is_publish: canUnpublish(d.platform) ? c.publish : true };
    if (d.platform === 'shopify' && c.publications) out[d.key].publications = [...c.publications];
  }
  return out;
}

/**
 * An update push (product center). Products already at every ticked destination are pushed
 * again over what is there (`update`, not counted against quota); products that go to a
 * destination they are not at yet are pushed (`push`: the API counts only the new pairs, and
 * pushes again over the others). Nothing goes without a ticked destination.
 */
export function splitUpdate(
  products: readonly Pick<PushProduct, 'id' | 'pushed'>[],
  selected: readonly string[],
): { push: string[]; update: string[] } {
  if (selected.length === 0) return { push: [], update: [] };
  const push = products.filter((p) => newDestinations(p, selected).length > 0).map((p) => p.id);
  const update = products.filter((p) => newDestinations(p, selected).length === 0).map((p) => p.id);
  return { push, update };
}

/** The destinations some of the products are at (pushed successfully), that the workplace still has. */
export function pushedDestinations(products: readonly Pick<PushProduct, 'pushed'>[], destinations: readonly Destination[]): string[] {
  const keys = new Set(
    products.flatMap((p) =>
      Object.entries(p.pushed ?? {})
        .filter(([, status]) => status === 'success')
        .map(([key]) => key),
    ),
  );
  return destinations.filter((d) => keys.has(d.key)).map((d) => d.key);
}
