export { CalendarPage as Component } from '@/features/calendar/components/calendar-page';
