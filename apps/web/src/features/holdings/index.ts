/* The holdings feature's public face: its pages, and the seats meter and texts of a service the manager's to-do shows. */
export type { ServicePage } from './api/types';
export { HoldingAttendeesPage } from './components/attendees-page';
export { HoldingPrestationPage } from './components/holding-prestation-page';
export { HoldingServicePage, HoldingServicesPage } from './components/holding-pages';
export { SeatsMeter } from './components/seats-meter';
export { fillingText, hoursText, isUnlimited, reservedText } from './utils/service-texts';
