export { AttendanceServicePage as Component } from '@/features/holdings/components/holding-pages';
