export { EstablishmentPage as Component } from '@/features/establishments';
