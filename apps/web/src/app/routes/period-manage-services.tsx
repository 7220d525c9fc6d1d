export { ManageServicesPage as Component } from '@/features/periods/components/manage-services-page';
