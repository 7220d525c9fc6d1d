/* The profile feature's public face: its page. */
export { ProfilePage } from './components/profile-page';
