export { OrganizationsListPage as Component } from '@/features/organizations/components/organizations-list-page';
