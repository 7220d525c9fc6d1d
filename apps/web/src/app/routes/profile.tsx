export { ProfilePage as Component } from '@/features/profile/components/profile-page';
