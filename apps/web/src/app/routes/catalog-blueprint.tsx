export { CatalogBlueprintPage as Component } from '@/features/catalog';
