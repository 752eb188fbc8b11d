export { EditorPage } from './components/editor-page';
export { ProductEditor } from './components/product-editor';
export type { EditorActionsContext, EditorAssist, EditorImageTools, ProductEditorProps } from './components/product-editor';
export { ImportListPage } from './components/import-list-page';
export type { ImportListPageProps } from './components/import-list-page';
export { useRefreshImportList } from './api/import-list';
