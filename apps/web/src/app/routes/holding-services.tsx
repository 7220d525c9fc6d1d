export { HoldingServicesPage as Component } from '@/features/holdings';
