export { MaintenancePage as Component } from '@/features/platform-organizations';
