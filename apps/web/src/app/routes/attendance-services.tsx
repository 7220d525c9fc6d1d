export { AttendanceServicesPage as Component } from '@/features/attendance';
