export { ManageServicesPage as Component } from '@/features/periods';
