export { OnboardingPage as Component } from '@/features/onboarding';
