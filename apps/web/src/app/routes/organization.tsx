export { PlatformOrganizationPage as Component } from '@/features/platform-organizations';
