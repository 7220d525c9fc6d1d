export { StatementPage as Component } from '@/features/platform-billing';
