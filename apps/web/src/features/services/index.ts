/* The services feature's public face: its pages. */
export { CreateServicesPage } from './components/create-services-page';
export { PrestationPage } from './components/prestation-page';
export { ServicePage } from './components/service-page';
