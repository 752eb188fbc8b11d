export { ACCOUNT_KEY, STATISTIC_KEY, firstTimeInApp, markMetaSeen, saveAccountLanguage, useAccount, useStatistic } from './api/account';
export { displayName, initials, isBillingHidden } from './billing-visibility';
export type { BillingContext } from './billing-visibility';
export { LanguageSelector } from './components/language-selector';
export { UserMenu } from './components/user-menu';
