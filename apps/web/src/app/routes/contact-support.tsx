export { ContactSupportPage as Component } from '@/features/support';
