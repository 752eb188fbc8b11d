export { EditorPage } from './components/editor-page';
export { ImportListPage } from './components/import-list-page';
