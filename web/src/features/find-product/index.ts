export { CollectionsPage } from './components/collections-page';
export { FindProductPage } from './components/find-product-page';
export type { FindProductPageProps } from './components/find-product-page';
export { ProductDetailPage } from './components/product-detail-page';
export { FavouritesPage } from './components/favourites-page';
