export { ServicePage as Component } from '@/features/services';
