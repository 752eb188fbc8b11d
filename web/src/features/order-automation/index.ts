export { AutomationPage } from './components/automation-page';
