import { useAuth } from '@/lib/auth-store';
import { DEFAULT_TIME_ZONE } from '@/lib/dates';
import { useAddressOrganization } from '@/lib/organization-context';

/**
 * The organisation's time zone (the one of the address, else the selected one): every date and time
 * shown is in it (spec section 9).
 */
export function useTimeZone(): string {
  const addressOrganization = useAddressOrganization();
  const { organization } = useAuth();
  return (addressOrganization ?? organization)?.timeZone ?? DEFAULT_TIME_ZONE;
}
