import type { Locale } from '@inscrio/shared';

const INTL_LOCALES: Record<Locale, string> = { fr: 'fr-FR', en: 'en-US' };

/** The time zone's everyday name ('heure d’Europe centrale', 'Central European Time'), else its id. */
export function zoneName(timeZone: string, locale: Locale): string {
  try {
    const parts = new Intl.DateTimeFormat(INTL_LOCALES[locale], {
      timeZone,
      timeZoneName: 'longGeneric',
    }).formatToParts(new Date());
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}
