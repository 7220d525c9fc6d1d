export { OrganizationConfigurationPage as Component } from '@/features/organization-settings';
