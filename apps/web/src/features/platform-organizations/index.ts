/* The platform staff's organisations administration, and the maintenance page a club's members see. */
export { MaintenancePage } from './components/maintenance-page';
export { PlatformOrganizationPage } from './components/organization-page';
export { PlatformOrganizationsListPage } from './components/organizations-list-page';
