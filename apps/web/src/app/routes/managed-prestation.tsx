export { PrestationPage as Component } from '@/features/services';
