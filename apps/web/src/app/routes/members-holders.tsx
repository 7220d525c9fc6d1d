import { MembersListPage } from '@/features/members/components/members-list-page';

export function Component() {
  return <MembersListPage kind="holders" />;
}
