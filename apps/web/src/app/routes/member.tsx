// One page for /members/participants/{id} and /members/holders/{id}: the id is the user id.
export { MemberPage as Component } from '@/features/members';
