export { PeriodsPage as Component } from '@/features/periods/components/periods-page';
