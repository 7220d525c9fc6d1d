/*
 * The register card's form: what the family chose (sessions or a whole period, members, optional
 * supplements, a note when asking) and the pure rules that read it. Everything the card shows besides
 * the choices (the sessions a period groups, those the age marks speak of, the payload) is derived here.
 */
import type { CatalogDetail } from '@inscrio/shared';

export type Session = CatalogDetail['sessions'][number];
type Supplement = CatalogDetail['supplements'][number];

export interface RegisterFormValues {
  /** Sessions ticked one by one, in the order they were ticked (empty while a whole period is chosen). */
  serviceIds: string[];
  /** A whole period chosen instead of sessions. */
  periodId: string | null;
  memberIds: string[];
  supplementIds: string[];
  /** What the family tells the club when asking (request mode). */
  note: string;
}

export const emptyRegisterValues = (): RegisterFormValues => ({
  serviceIds: [],
  periodId: null,
  memberIds: [],
  supplementIds: [],
  note: '',
});

/** A session the family may choose: not cancelled and not started yet. */
export function isBookable(session: Session, now: number): boolean {
  return session.status !== 'cancelled' && Date.parse(session.startDateTime) > now;
}

export const isFull = (session: Session) => session.seats.freeSeats === 0;

/** `ids` with `id` added (at the end) or taken out. */
export function toggleId(ids: readonly string[], id: string, on: boolean): string[] {
  const rest = ids.filter((other) => other !== id);
  return on ? [...rest, id] : rest;
}

/** Sessions by period, in the order they come; a group's id is its period's (null: no period). */
export function sessionGroups(bookable: Session[]): { id: string | null; sessions: Session[] }[] {
  const byPeriod = new Map<string | null, Session[]>();
  for (const session of bookable) {
    byPeriod.set(session.periodId, [...(byPeriod.get(session.periodId) ?? []), session]);
  }
  return [...byPeriod.entries()].map(([id, sessions]) => ({ id, sessions }));
}

/** The sessions ticked one by one that can still be booked (none while a whole period is chosen). */
export function listedSessionIds(
  values: Pick<RegisterFormValues, 'serviceIds' | 'periodId'>,
  bookable: Session[],
) {
  return values.periodId === null ? values.serviceIds.filter((id) => bookable.some((s) => s.id === id)) : [];
}

/** The sessions chosen: those of the whole period, or those ticked. */
export function chosenSessions(
  values: Pick<RegisterFormValues, 'serviceIds' | 'periodId'>,
  bookable: Session[],
) {
  return values.periodId !== null
    ? bookable.filter((s) => s.periodId === values.periodId)
    : bookable.filter((s) => values.serviceIds.includes(s.id));
}

/**
 * The sessions the age marks speak of: those chosen, or before any choice every bookable one, each
 * with its day (`dayOf`: in the organisation's time zone).
 */
export function ageSessions(
  values: Pick<RegisterFormValues, 'serviceIds' | 'periodId'>,
  bookable: Session[],
  dayOf: (startDateTime: string) => string,
) {
  const chosen = chosenSessions(values, bookable);
  const sessions = (chosen.length > 0 ? chosen : bookable).map((s) => ({
    id: s.id,
    day: dayOf(s.startDateTime),
  }));
  return { sessions, chosen: chosen.length > 0 };
}

/** What « Ajouter au panier » sends, before the shared `addToCartSchema` checks it. */
export function toAddToCartPayload(blueprintId: string, values: RegisterFormValues, bookable: Session[]) {
  const listed = listedSessionIds(values, bookable);
  return {
    blueprintId,
    serviceIds: listed.length > 0 ? listed : undefined,
    periodId: values.periodId ?? undefined,
    memberIds: values.memberIds,
    supplementIds: values.supplementIds,
  };
}

/** The sessions « Envoyer la demande » asks for: every session of the period chosen, or those ticked. */
export function requestServiceIds(values: RegisterFormValues, bookable: Session[]): string[] {
  return values.periodId !== null
    ? bookable.filter((s) => s.periodId === values.periodId).map((s) => s.id)
    : listedSessionIds(values, bookable);
}

/** Optional supplements the family may tick: those without an age bracket; none when asking. */
export function optionalSupplements(supplements: Supplement[], asking: boolean): Supplement[] {
  // A request carries no supplement: the club settles the price when it accepts.
  return asking ? [] : supplements.filter((s) => !s.minAge && !s.maxAge);
}

/** One (session, member) pair, as the card remembers what was asked. */
export const pairKey = (serviceId: string, memberId: string) => `${serviceId}:${memberId}`;

/** `requested` with every pair of `serviceIds` × `memberIds` added. */
export function withRequested(requested: ReadonlySet<string>, serviceIds: string[], memberIds: string[]) {
  const next = new Set(requested);
  for (const serviceId of serviceIds)
    for (const memberId of memberIds) next.add(pairKey(serviceId, memberId));
  return next;
}
