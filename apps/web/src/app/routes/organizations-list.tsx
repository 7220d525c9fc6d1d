export { OrganizationsListPage as Component } from '@/features/organizations';
