export { PlanNextPage as Component } from '@/features/periods/components/plan-next-page';
