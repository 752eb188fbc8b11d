export { BrandLogo, DashboardLayout } from './components/dashboard-layout';
export type { NavCounts } from './components/side-nav';
export { AppSwitcher } from './components/app-switcher';
export { settingsMenuItems } from './lib/settings-menu';
export { SETTINGS_PATH, mobileTabs, selectedNavId, sideNavGroups } from './lib/nav';
export type { BadgeKey, NavContext, NavGroups, NavItem } from './lib/nav';
