/* The organizations feature's public face: its pages and the lookup by key of the guards. */
export { getOrganizationByKey, organizationByKeyQuery } from './api/get-organization-by-key';
export { OrganizationErrorPage } from './components/organization-error-page';
export { OrganizationPickerPage } from './components/organization-picker-page';
