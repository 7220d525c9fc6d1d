export { AccountingPage as Component } from '@/features/accounting/components/accounting-page';
