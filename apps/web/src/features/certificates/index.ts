export { CertificatesBulkPanel } from './components/certificates-bulk-panel';
export { FamilyCertificatesPanel } from './components/family-certificates-panel';
