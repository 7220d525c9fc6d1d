export { PeriodPage as Component } from '@/features/periods';
