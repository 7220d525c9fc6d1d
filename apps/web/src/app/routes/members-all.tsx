import { MembersListPage } from '@/features/members';

export function Component() {
  return <MembersListPage kind="all" />;
}
