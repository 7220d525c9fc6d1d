/* The communications feature's public face: the `/communications` page and the « Écrire aux participants » link. */
export { CommunicationsPage } from './components/communications-page';
export { WriteToParticipantsLink } from './components/write-link';
export { CommunicationsDashboardCard } from './components/dashboard-card';
