import { formatDate, type Locale, refusalText } from '@inscrio/shared';

/*
 * What the catalogue detail says about registering (`registration: {open, message, opensAt}`). Pure: the
 * service reads the upcoming sessions and their periods' openings (catalog.repository.ts).
 */

export interface RegistrationNotice {
  open: boolean;
  message: string | null;
  opensAt: string | null;
}

/** A period's registration opening and its organisation's time zone. */
export interface PeriodOpening {
  opensAt: Date | null;
  timeZone: string;
}

const NO_UPCOMING: Record<Locale, string> = {
  fr: "Aucune séance n'est programmée pour le moment.",
  en: 'No session is scheduled at the moment.',
};

/** What the activity page says while every upcoming session waits for its period to open. */
const OPENS_ON: Record<Locale, (date: string) => string> = {
  fr: (date) => `Inscriptions ouvertes le ${date}.`,
  en: (date) => `Registration opens on ${date}.`,
};

/** The sessions the notice is about: not cancelled, not started. */
export const upcomingSessions = <S extends { status: string; startDateTime: Date | string }>(
  sessions: readonly S[],
  now: Date,
): S[] =>
  sessions.filter((s) => s.status !== 'cancelled' && new Date(s.startDateTime).getTime() > now.getTime());

/**
 * From the upcoming sessions the page lists and the openings of their periods (`openings`, one per
 * period found; none is read when a session has no period): when every session waits for its period's
 * registrations to open, the first opening (« Inscriptions ouvertes le 06/09/2027 », its date in the
 * organisation's zone), whatever the visibility; otherwise open for a public activity, the request-only
 * message for the others (a family asks the club instead), or that nothing is scheduled.
 */
export function registrationNotice(
  visibility: string,
  upcoming: readonly { periodId: string | null }[],
  openings: readonly PeriodOpening[],
  now: Date,
  locale: Locale,
): RegistrationNotice {
  const onRequest = visibility !== 'public';
  const closed = { open: false, message: refusalText('self-registration-closed', locale), opensAt: null };
  if (upcoming.length === 0) {
    return onRequest ? closed : { open: false, message: NO_UPCOMING[locale], opensAt: null };
  }
  const opened = onRequest ? closed : { open: true, message: null, opensAt: null };
  if (upcoming.some((s) => s.periodId === null)) return opened;
  const periodCount = new Set(upcoming.map((s) => s.periodId)).size;
  const pending = openings.filter((r) => r.opensAt !== null && r.opensAt.getTime() > now.getTime());
  if (pending.length < periodCount) return opened;
  const first = pending.reduce((a, b) => (a.opensAt!.getTime() <= b.opensAt!.getTime() ? a : b));
  return {
    open: false,
    message: OPENS_ON[locale](formatDate(first.opensAt!, first.timeZone, locale)),
    opensAt: first.opensAt!.toISOString(),
  };
}
