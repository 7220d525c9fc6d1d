export { AttendanceServicesPage as Component } from '@/features/holdings';
