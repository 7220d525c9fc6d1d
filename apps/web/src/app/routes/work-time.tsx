export { WorkTimePage as Component } from '@/features/work-time';
