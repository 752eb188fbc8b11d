export { QUICK_START_KEY, isStepDone, updateQuickStart, useQuickStart } from './api/quick-start';
export { GuidePage } from './components/guide-page';
export { QuickStartGuide } from './components/quick-start-guide';
export { OnboardingSteps } from './components/onboarding-steps';
