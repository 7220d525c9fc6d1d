export { OrganizationErrorPage as Component } from '@/features/organizations/components/organization-error-page';
