export { CreatePeriodPage as Component } from '@/features/periods/components/create-period-page';
