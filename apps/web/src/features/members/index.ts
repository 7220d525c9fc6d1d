/* The members feature's public face: its pages. */
export { CreateMemberPage } from './components/create-member-page';
export { MemberPage } from './components/member-page';
export { MembersListPage } from './components/members-list-page';
