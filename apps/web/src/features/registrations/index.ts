/* The registrations feature's public face: the family's activities of the home page. */
export { MyActivities } from './components/my-activities';
