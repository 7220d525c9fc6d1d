/* The onboarding feature's public face: its page and the family's overlay of the main layout. */
export { FamilyOnboardingOverlay } from './components/family-onboarding-overlay';
export { OnboardingPage } from './components/onboarding-page';
