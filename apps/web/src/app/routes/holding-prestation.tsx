export { HoldingPrestationPage as Component } from '@/features/holdings/components/holding-prestation-page';
