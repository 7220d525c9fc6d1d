export { OrganizationErrorPage as Component } from '@/features/organizations';
