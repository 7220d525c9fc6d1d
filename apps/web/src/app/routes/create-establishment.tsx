export { CreateEstablishmentPage as Component } from '@/features/establishments/components/create-establishment-page';
