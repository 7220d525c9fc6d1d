export { CreateServicesPage as Component } from '@/features/services/components/create-services-page';
