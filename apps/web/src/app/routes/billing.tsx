export { BillingPage as Component } from '@/features/platform-billing';
