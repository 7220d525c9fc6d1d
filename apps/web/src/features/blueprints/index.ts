/* The blueprints feature's public face: its pages. */
export { BlueprintPage } from './components/blueprint-page';
export { BlueprintsPage } from './components/blueprints-page';
