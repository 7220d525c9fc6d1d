/* The website feature's public face: the public page `/discover` and the configuration's website step. */
export { DiscoverPage } from './components/discover-page';
export { WebsiteStep } from './components/website-step';
