export { AttendanceServicesPage as Component } from '@/features/holdings/components/holding-pages';
