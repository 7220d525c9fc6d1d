import { displayName } from '@inscrio/shared';
import { formatPattern } from '@/lib/dates';
import { useLocale } from '@/lib/use-locale';
import { useTimeZone } from '@/lib/use-time-zone';
import type { FamilyMember } from '../../hooks/use-family-members';

/** « Mercredi 3 sept. · 17:00 – 18:00 » in the organisation's time zone (without an end: no duration). */
export function useSessionLabel() {
  const locale = useLocale();
  const timeZone = useTimeZone();
  return (startDateTime: string, duration?: number) => {
    const start = new Date(startDateTime);
    const day = formatPattern(start, locale === 'fr' ? 'EEEE d MMM' : 'EEEE, MMM d', timeZone, locale);
    const from = formatPattern(start, 'HH:mm', timeZone, locale);
    const to =
      duration === undefined
        ? null
        : formatPattern(new Date(start.getTime() + duration * 60_000), 'HH:mm', timeZone, locale);
    return `${day.charAt(0).toUpperCase()}${day.slice(1)} · ${from}${to ? ` – ${to}` : ''}`;
  };
}

export function memberName(
  member: Pick<FamilyMember, 'firstName' | 'lastName'>,
  locale: 'fr' | 'en',
): string {
  return displayName(member, 'participant', locale);
}
