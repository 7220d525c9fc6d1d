/* Contact support (`/contact-support`) and the platform staff (`/members/all` in the system organisation). */
export { ContactSupportPage } from './components/contact-support-page';
export { PlatformStaffPage } from './components/platform-staff-page';
