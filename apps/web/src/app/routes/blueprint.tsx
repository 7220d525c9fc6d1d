export { BlueprintPage as Component } from '@/features/blueprints';
