export { PeriodInviteAttendeesPage as Component } from '@/features/periods';
