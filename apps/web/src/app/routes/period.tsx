export { PeriodPage as Component } from '@/features/periods/components/period-page';
