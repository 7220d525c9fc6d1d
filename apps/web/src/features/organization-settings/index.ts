/* The organisation settings' public face: the configuration page and the warnings the to-do shows. */
export { useOrganizationWarnings } from './api/organization-warnings';
export { OrganizationConfigurationPage } from './components/organization-configuration-page';
export { SubscriptionCard } from './components/subscription-card';
