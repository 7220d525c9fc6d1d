/* The family feature's public face: its page. */
export { FamilyPage } from './components/family-page';
