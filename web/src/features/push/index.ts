export { AUTOMATION_KEY, CHANNEL_SETTINGS_KEY } from './api/push';
export { PushModal } from './components/push-modal';
export type { PushModalProps } from './components/push-modal';
export { PushToast } from './components/push-toast';
export { QuotaBanner } from './components/quota-banner';
export { listingQuota } from './lib/quota';
export { trackPush } from './lib/push-session';
export type { ListingQuota } from './lib/quota';
export type { PushMode } from './lib/rules';
