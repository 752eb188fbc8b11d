/**
 * The platforms of the channel page: store platforms, sales channels with their own connection,
 * external channels reached through a Shopify store's publications, and more to come. Brand
 * names are not translated; descriptions and setup steps are (`channels.platforms.<id>`).
 */
import type { SalesChannelId, StorePlatform } from '@/types/api';

export type LogoId =
  | StorePlatform
  | SalesChannelId
  | 'pinterest'
  | 'shop'
  | 'snapchat'
  | 'x'
  | 'etsy'
  | 'wix'
  | 'amazon'
  | 'ebay'
  | 'bigcommerce'
  | 'prestashop'
  | 'square-space'
  | 'walmart';

export interface Brand {
  name: string;
  /** Background and text colour of the logo tile. */
  bg: string;
  fg: string;
  glyph: string;
}

export const BRANDS: Record<LogoId, Brand> = {
  shopify: { name: 'Shopify', bg: '#95BF47', fg: '#fff', glyph: 'S' },
  woocommerce: { name: 'WooCommerce', bg: '#7F54B3', fg: '#fff', glyph: 'Woo' },
  tiktok: { name: 'TikTok', bg: '#010101', fg: '#25F4EE', glyph: 'Tk' },
  facebook: { name: 'Facebook', bg: '#1877F2', fg: '#fff', glyph: 'f' },
  google: { name: 'Google Merchant', bg: '#fff', fg: '#4285F4', glyph: 'G' },
  pinterest: { name: 'Pinterest', bg: '#E60023', fg: '#fff', glyph: 'P' },
  shop: { name: 'Shop', bg: '#5A31F4', fg: '#fff', glyph: 'shop' },
  snapchat: { name: 'Snapchat', bg: '#FFFC00', fg: '#111', glyph: 'Sn' },
  x: { name: 'X', bg: '#000', fg: '#fff', glyph: 'X' },
  etsy: { name: 'Etsy', bg: '#F1641E', fg: '#fff', glyph: 'Etsy' },
  wix: { name: 'Wix', bg: '#111', fg: '#fff', glyph: 'Wix' },
  amazon: { name: 'Amazon', bg: '#232F3E', fg: '#FF9900', glyph: 'a' },
  ebay: { name: 'eBay', bg: '#fff', fg: '#E53238', glyph: 'eb' },
  bigcommerce: { name: 'BigCommerce', bg: '#34313F', fg: '#fff', glyph: 'B' },
  prestashop: { name: 'PrestaShop', bg: '#DF0067', fg: '#fff', glyph: 'Ps' },
  'square-space': { name: 'Squarespace', bg: '#000', fg: '#fff', glyph: 'Sq' },
  walmart: { name: 'Walmart', bg: '#0071CE', fg: '#FFC220', glyph: 'W' },
};

export const STORE_PLATFORMS: readonly StorePlatform[] = ['shopify', 'woocommerce'];

/** Sales channels with their own sign-in (docs/API.md), in display order. */
export const SALES_CHANNELS: readonly SalesChannelId[] = ['tiktok', 'facebook', 'google'];

/** Path segment of the auth calls of each sales channel. */
export const CHANNEL_AUTH_PLATFORM: Record<SalesChannelId, 'tiktok' | 'facebook' | 'google-merchant'> = {
  tiktok: 'tiktok',
  facebook: 'facebook',
  google: 'google-merchant',
};

/** The sales channel of an auth path segment (`google-merchant` → `google`). */
export function channelOfAuthPlatform(platform: string): SalesChannelId | null {
  const hit = (Object.keys(CHANNEL_AUTH_PLATFORM) as SalesChannelId[]).find((c) => CHANNEL_AUTH_PLATFORM[c] === platform || c === platform);
  return hit ?? null;
}

/** External channels reached through a Shopify store's publications (spec section 3 handles). */
export const VIA_SHOPIFY: readonly { id: LogoId; handle: string }[] = [
  { id: 'pinterest', handle: 'pinterest-4' },
  { id: 'shop', handle: 'shop-72' },
  { id: 'snapchat', handle: 'snap-ads-sync' },
  { id: 'x', handle: 'x-ads' },
];

/** Channel handles of the spec (meta, google, tiktok and the ones above). */
export const CHANNEL_HANDLES: Record<string, LogoId> = {
  'facebook-ads': 'facebook',
  google: 'google',
  'tiktok-ads-2': 'tiktok',
  ...Object.fromEntries(VIA_SHOPIFY.map((c) => [c.handle, c.id])),
};

/** Platforms not connectable yet. */
export const MORE_COMING: readonly LogoId[] = ['etsy', 'wix', 'amazon', 'ebay', 'bigcommerce', 'prestashop', 'square-space', 'walmart'];

/** Setup steps shown on each connectable card (i18n keys under channels.platforms.<id>.setup). */
export const SETUP_STEPS = ['step1', 'step2', 'step3'] as const;

export function learnMoreUrl(helpCenterUrl: string, id: LogoId): string {
  return `${helpCenterUrl.replace(/\/+$/, '')}/channels/${id}`;
}
