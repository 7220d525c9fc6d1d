/* The establishments feature's public face: its pages. */
export { CreateEstablishmentPage } from './components/create-establishment-page';
export { EstablishmentConfigurationPage } from './components/establishment-configuration-page';
export { EstablishmentPage } from './components/establishment-page';
export { EstablishmentsPage } from './components/establishments-page';
