export { HoldingServicePage as Component } from '@/features/holdings';
