export { RedirectMessagePage as Component } from '@/features/redirect-message/components/redirect-message-page';
