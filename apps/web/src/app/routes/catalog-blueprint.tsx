export { CatalogBlueprintPage as Component } from '@/features/catalog/components/catalog-blueprint-page';
