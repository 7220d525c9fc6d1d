export { RedirectMessagePage as Component } from '@/features/redirect-message';
