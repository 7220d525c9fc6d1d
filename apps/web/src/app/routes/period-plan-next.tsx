export { PlanNextPage as Component } from '@/features/periods';
