export { ServicePage as Component } from '@/features/services/components/service-page';
