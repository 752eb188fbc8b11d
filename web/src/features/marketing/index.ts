export { LandingPage } from './components/landing-page';
export { RecommendedAppsPage } from './components/recommended-apps-page';
export { StoreDropshippingPage } from './components/store-dropshipping-page';
