export { PUSHED_PATH, useRefreshPushed } from './api/product-center';
export { AutoUpdatePage } from './components/auto-update-page';
export { AUTO_UPDATE_PATH, ProductCenterPage } from './components/product-center-page';
export type { ProductCenterPageProps } from './components/product-center-page';
export { PushedEditorPage, pushedEditorPath } from './components/pushed-editor-page';
export type { EditorSlot, PushedEditorPageProps } from './components/pushed-editor-page';
