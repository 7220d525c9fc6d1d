export { CommunicationsPage as Component } from '@/features/communications';
