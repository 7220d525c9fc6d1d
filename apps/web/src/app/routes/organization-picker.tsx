export { OrganizationPickerPage as Component } from '@/features/organizations';
