export { AccountingPage as Component } from '@/features/accounting';
