export { PlatformOrganizationsListPage as Component } from '@/features/platform-organizations';
