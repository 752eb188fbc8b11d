/** Routes of the mapping screens. */
export const PRODUCTS_PATH = '/app/products';
export const MAP_PRODUCT_ROUTE = '/app/products/map/:id';
export const mapPath = (id: string) => `/app/products/map/${encodeURIComponent(id)}`;
