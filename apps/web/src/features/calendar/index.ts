/* The calendar feature's public face: its page. */
export { CalendarPage } from './components/calendar-page';
