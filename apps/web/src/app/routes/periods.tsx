export { PeriodsPage as Component } from '@/features/periods';
