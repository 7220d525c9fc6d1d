/* The accounting feature's public face: its pages. */
export { AccountingPage } from './components/accounting-page';
export { CreateDocumentPage } from './components/create-document-page';
