export { CreateServicesPage as Component } from '@/features/services';
