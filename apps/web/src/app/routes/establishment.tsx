export { EstablishmentPage as Component } from '@/features/establishments/components/establishment-page';
