export { CreateMemberPage as Component } from '@/features/members';
