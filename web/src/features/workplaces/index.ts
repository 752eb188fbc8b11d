export { DEFAULT_CURRENCY, createWorkplace, resolveWorkplace, saveDisplayCurrency, useWorkplaceSelection } from './api/workplaces';
export { DisplayCurrencyCard } from './components/display-currency-card';
export { WorkplaceSelector } from './components/workplace-selector';
