/* The attendance feature's public face: its two pages, and the sheet the holder's session page shows. */
export { AttendanceServicePage } from './components/attendance-service-page';
export { AttendanceServicesPage } from './components/attendance-services-page';
export { AttendanceSheet } from './components/attendance-sheet';
