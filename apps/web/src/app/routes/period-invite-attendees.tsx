export { PeriodInviteAttendeesPage as Component } from '@/features/periods/components/period-invite-attendees-page';
