export { CatalogPage as Component } from '@/features/catalog';
