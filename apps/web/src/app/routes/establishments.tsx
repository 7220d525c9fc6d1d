export { EstablishmentsPage as Component } from '@/features/establishments';
