export { CreatePeriodPage as Component } from '@/features/periods';
