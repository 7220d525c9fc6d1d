export { EstablishmentsPage as Component } from '@/features/establishments/components/establishments-page';
