export { CreateOrganizationPage as Component } from '@/features/onboarding';
