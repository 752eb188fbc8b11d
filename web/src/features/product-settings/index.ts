export { ProductSettingsPage } from './components/product-settings-page';
