import { SYSTEM_ORGANIZATION_ID } from '@inscrio/shared';
import { MembersListPage } from '@/features/members';
import { PlatformStaffPage } from '@/features/support';
import { useAuth } from '@/lib/auth-store';
import { useAddressOrganization } from '@/lib/organization-context';

/** `/members/all`: the members, or « Administrateurs et supports » in the system organisation. */
export function Component() {
  const addressOrganization = useAddressOrganization();
  const { organization: selected } = useAuth();
  const organization = addressOrganization ?? selected;
  const system = organization?.systemAdmin === true || organization?.id === SYSTEM_ORGANIZATION_ID;
  return system ? <PlatformStaffPage /> : <MembersListPage kind="all" />;
}
