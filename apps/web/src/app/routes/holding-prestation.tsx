export { HoldingPrestationPage as Component } from '@/features/holdings';
