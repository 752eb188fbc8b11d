export { InspectionPage } from './components/inspection-page';
