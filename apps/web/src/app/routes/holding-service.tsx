export { HoldingServicePage as Component } from '@/features/holdings/components/holding-pages';
