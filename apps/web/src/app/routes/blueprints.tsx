export { BlueprintsPage as Component } from '@/features/blueprints/components/blueprints-page';
