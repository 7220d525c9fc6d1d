/* The documents feature's public face: the /documents page and the dialog asking to accept new conditions. */
export { DocumentsPage } from './components/documents-page';
export { PendingConditionsDialog } from './components/pending-conditions-dialog';
