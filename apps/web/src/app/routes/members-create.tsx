export { CreateMemberPage as Component } from '@/features/members/components/create-member-page';
