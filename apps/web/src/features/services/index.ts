/* The services feature's public face: its pages, and the holders list other features pick from. */
export { useHolders } from './api/holders';
export type { Holder } from './api/types';
export { CreateServicesPage } from './components/create-services-page';
export { PrestationPage } from './components/prestation-page';
export { ServicePage } from './components/service-page';
