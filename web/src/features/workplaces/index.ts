export { DEFAULT_CURRENCY, createWorkplace, resolveWorkplace, useWorkplaceSelection } from './api/workplaces';
export { WorkplaceSelector } from './components/workplace-selector';
