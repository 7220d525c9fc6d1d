export { AttendanceServicePage as Component } from '@/features/holdings';
