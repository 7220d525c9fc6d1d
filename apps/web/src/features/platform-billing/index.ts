/* The platform billing feature's public face: the « Facturation » pages of the system administrator. */
export { BillingPage } from './components/billing-page';
export { StatementPage } from './components/statement-page';
