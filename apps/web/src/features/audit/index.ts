/* The audit trail feature's public face: the `/audit` page of the organisation section. */
export { AuditPage } from './components/audit-page';
