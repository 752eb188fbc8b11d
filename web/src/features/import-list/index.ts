export { EditorPage } from './components/editor-page';
export type { EditorImageTools } from './components/editor-page';
export { ImportListPage } from './components/import-list-page';
export type { ImportListPageProps } from './components/import-list-page';
export { useRefreshImportList } from './api/import-list';
