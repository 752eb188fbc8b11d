/**
 * Route table of the spec (section 2). Pure data so tests can check it; `routes.tsx` turns it into
 * react-router route objects. `title` is the i18n key of the page title.
 */
export interface PageRoute {
  path: string;
  title: string;
}

/** Signed-in pages under /app that are not built yet (placeholder with their title). */
export const APP_PLACEHOLDER_PAGES: readonly PageRoute[] = [
  { path: 'pod-product', title: 'pages.podProduct' },
  { path: 'pod-product/search', title: 'pages.podSearch' },
  { path: 'pod-product/detail/:productId/:shipTo', title: 'pages.productDetail' },
  { path: 'pod-product/:collection', title: 'pages.podCollection' },
  { path: 'find-product/image', title: 'pages.findByImage' },
  { path: 'find-product/experts-choice', title: 'pages.expertsChoice' },
  { path: 'service-center/list', title: 'pages.serviceCenter' },
  { path: 'service-center/service/:serviceCenterType/:serviceCenterId', title: 'pages.serviceDetail' },
  { path: 'service-center/request', title: 'pages.serviceRequest' },
  { path: 'service-center/request/sourcing/new', title: 'pages.sourcingRequest' },
  { path: 'setting/migrate', title: 'pages.migrate' },
  { path: 'setting/dropline-fulfillment', title: 'pages.fulfillment' },
  { path: 'setting/integration', title: 'pages.integration' },
  { path: 'setting/integration/product-insights', title: 'pages.productInsights' },
  { path: 'setting/integration/cashback_setting', title: 'pages.cashback' },
  { path: 'setting/integration/market_tracking', title: 'pages.marketTracking' },
  { path: 'setting/integration/experts_choice', title: 'pages.expertsChoice' },
  { path: 'setting/integration/service-center', title: 'pages.serviceCenter' },
];

/** Public pages that are not built yet. */
export const PUBLIC_PLACEHOLDER_PAGES: readonly PageRoute[] = [
  { path: '/auth/store-migrate-verification', title: 'pages.storeMigrate' },
  { path: '/auth/platform/:platform/auto-login', title: 'pages.autoLogin' },
];

/** Built screens: sign-in flow and the signed-in pages with real content. */
export const BUILT_PATHS = {
  landing: '/',
  login: '/login',
  signup: '/signup',
  signupEmailResend: '/signup/email-resend',
  signupConfirm: '/signup/confirm',
  storeDropshipping: '/store-dropshipping',
  recommendedApps: '/recommended/apps',
  signout: '/signout',
  forgotPassword: '/forgot-password',
  forgotEmailResend: '/forgot-password/email-resend',
  resetPassword: '/reset-password',
  emailVerification: '/auth/email-verification',
  home: '/app',
  welcome: '/app/ob-welcome',
  guideLine: '/app/guide-line',
  manage: '/app/manage',
  community: '/app/community',
  productList: '/app/list',
  notifications: '/app/notifications',
  recentNotifications: '/app/recent-notification',
  settings: '/app/setting',
  settingAccount: '/app/setting/account',
  settingNotification: '/app/setting/notification',
  channel: '/app/channel',
  settingChannel: '/app/setting/channel',
  storeAnalytics: '/app/store-analytics',
  bindPlatform: '/app/auth/bind/platform',
  bindAliExpress: '/app/auth/bind/aliexpress',
  findProduct: '/app/find-product',
  findCollections: '/app/find-product/collection',
  findCollection: '/app/find-product/:collectionId',
  productDetail: '/app/find-product/:productSource/detail/:productId/:shipTo',
  importList: '/app/products-import',
  importEditor: '/app/products-import/editor/:productCenterId',
  favouriteSuppliers: '/app/find-product/favorite-supplier',
  products: '/app/products',
  mapProduct: '/app/products/map/:id',
  productCenter: '/app/products-center',
  productCenterEditor: '/app/products-center/editor/:productCenterId',
  autoUpdate: '/app/products/auto-update',
  settingProduct: '/app/setting/product',
  orders: '/app/orders',
  ordersV2: '/app/v2/orders',
  createOrder: '/app/orders/create',
  orderDetail: '/app/orders/detail/:orderId/:orderStatus',
  paymentConfirmation: '/app/orders/payment-confirmation',
  paymentSuccess: '/app/orders/payment-success',
  wallet: '/app/setting/wallet',
  pricing: '/public/pricing',
  settingBilling: '/app/setting/billing',
  changePlan: '/app/setting/billing-plan/change-plan',
  orderAutomation: '/app/setting/order/order-placement',
  manageTracking: '/app/manage/tracking',
  trackingImport: '/app/tracking-center/import-list',
  supplierAvailable: '/app/tracking-center/supplier-available',
  supplierUnavailable: '/app/tracking-center/supplier-unavailable',
  publicTracking: '/tracking/:orderId',
  shopifyCallback: '/callback',
  shopifyInstall: '/install',
} as const;

/** Spec: any path containing /campaign goes to the marketing site's partners page. */
export function isCampaignPath(pathname: string): boolean {
  return pathname.toLowerCase().includes('/campaign');
}
