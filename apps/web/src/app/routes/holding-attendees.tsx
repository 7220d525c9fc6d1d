export { HoldingAttendeesPage as Component } from '@/features/holdings';
