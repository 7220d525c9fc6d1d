export { AttendanceServicePage as Component } from '@/features/attendance';
