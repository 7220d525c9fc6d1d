export { HoldingServicesPage as Component } from '@/features/holdings/components/holding-pages';
