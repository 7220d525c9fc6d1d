/* The dashboard feature's public face: the home page. */
export { DashboardPage } from './components/dashboard-page';
