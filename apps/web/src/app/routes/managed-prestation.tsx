export { PrestationPage as Component } from '@/features/services/components/prestation-page';
