export { BlueprintPage as Component } from '@/features/blueprints/components/blueprint-page';
