export { CertificatesPage as Component } from '@/features/certificates';
