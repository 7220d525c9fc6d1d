export { OrganizationPickerPage as Component } from '@/features/organizations/components/organization-picker-page';
