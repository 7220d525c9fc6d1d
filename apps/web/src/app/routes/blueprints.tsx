export { BlueprintsPage as Component } from '@/features/blueprints';
