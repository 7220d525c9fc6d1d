import { useAuth } from '@/lib/auth-store';
import { DEFAULT_TIME_ZONE } from '@/lib/dates';
import { useAddressOrganization } from '@/lib/organization-context';

/** The organisation's time zone: every date and time of this feature is shown in it (spec section 9). */
export function useTimeZone(): string {
  const addressOrganization = useAddressOrganization();
  const { organization: selected } = useAuth();
  return (addressOrganization ?? selected)?.timeZone ?? DEFAULT_TIME_ZONE;
}
