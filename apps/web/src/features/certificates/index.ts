export { CertificatesBulkPanel } from './components/certificates-bulk-panel';
export { CertificatesPage } from './components/certificates-page';
export { FamilyCertificatesPanel } from './components/family-certificates-panel';
