/* The catalog feature's public face: its pages. */
export { CatalogBlueprintPage } from './components/catalog-blueprint-page';
export { CatalogPage } from './components/catalog-page';
