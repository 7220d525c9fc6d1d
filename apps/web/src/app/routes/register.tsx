export { RegisterPage as Component } from '@/features/auth/components/register-page';
