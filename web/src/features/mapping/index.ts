export { MapProductPage } from './components/map-product-page';
export { MappingPage } from './components/mapping-page';
export type { MappingPageProps } from './components/mapping-page';
export { MAP_PRODUCT_ROUTE, PRODUCTS_PATH, mapPath } from './lib/paths';
