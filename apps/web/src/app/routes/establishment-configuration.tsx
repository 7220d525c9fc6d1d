export { EstablishmentConfigurationPage as Component } from '@/features/establishments/components/establishment-configuration-page';
