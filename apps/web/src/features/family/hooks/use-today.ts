import { formatPattern } from '@/lib/dates';
import { useTimeZone } from '@/lib/use-time-zone';

/** Today's date 'YYYY-MM-DD' in the organisation's time zone (ages are counted on it). */
export function useToday(): string {
  const timeZone = useTimeZone();
  return formatPattern(new Date(), 'yyyy-MM-dd', timeZone, 'fr');
}
