export { AuditPage as Component } from '@/features/audit';
