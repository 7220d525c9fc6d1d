/* The onboarding feature's public face: its pages and the family's overlay of the main layout. */
export { CreateOrganizationPage } from './components/create-organization-page';
export { FamilyOnboardingOverlay } from './components/family-onboarding-overlay';
export { OnboardingPage } from './components/onboarding-page';
