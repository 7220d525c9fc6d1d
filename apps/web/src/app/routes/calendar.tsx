export { CalendarPage as Component } from '@/features/calendar';
