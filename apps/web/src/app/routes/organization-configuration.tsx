export { OrganizationConfigurationPage as Component } from '@/features/organization-settings/components/organization-configuration-page';
