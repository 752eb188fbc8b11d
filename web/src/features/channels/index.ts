export { useChannels } from './api/channels';
export { storesKey, useRefreshStores, useStores } from './api/stores';
export { useCurrentShop } from './api/use-current-shop';
export { BindPlatform } from './components/bind-platform';
export { ChannelPage } from './components/channel-page';
export { LinkedStores } from './components/linked-stores';
export { ShopifyCallback, ShopifyInstall } from './components/shopify-callback';
export { StoreSelector } from './components/store-selector';
export { resolveCurrentShop, sortStores } from './lib/current-shop';
