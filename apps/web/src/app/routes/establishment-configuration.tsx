export { EstablishmentConfigurationPage as Component } from '@/features/establishments';
