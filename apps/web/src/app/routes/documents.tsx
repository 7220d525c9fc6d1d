export { DocumentsPage as Component } from '@/features/documents';
