/* The redirect message's public face: its page. */
export { RedirectMessagePage } from './components/redirect-message-page';
