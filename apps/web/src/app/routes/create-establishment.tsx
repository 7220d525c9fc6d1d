export { CreateEstablishmentPage as Component } from '@/features/establishments';
