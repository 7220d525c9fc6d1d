export { RegisterPage as Component } from '@/features/auth';
