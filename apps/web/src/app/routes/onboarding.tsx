export { OnboardingPage as Component } from '@/features/onboarding/components/onboarding-page';
