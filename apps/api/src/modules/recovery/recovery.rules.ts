import { allowsRecovery, type RecoveryScope, type RecoveryTokenStatus, VISIBILITIES } from '@inscrio/shared';

/*
 * The rules of recovery tokens, pure (facts in, decision out): when a missed session gives a token, what
 * it is worth, when it expires and is reminded, and which sessions it may take. The service gathers the
 * facts (recovery.repository.ts) and writes what these decide.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The family is reminded this long before a token expires. */
export const REMINDER_BEFORE_MS = 7 * DAY;

/** Recovery is allowed on protected and public activities only (spec section 4), never private or hidden. */
export const visibilityAllowsRecovery = (visibility: string): boolean =>
  VISIBILITIES.is(visibility) && allowsRecovery(visibility);

export interface FamilyCancellationFacts {
  /** The participant's status before the cancellation. */
  previousStatus: string;
  visibility: string;
  sessionStart: Date;
  now: Date;
  noticeHours: number;
  /**
   * Whether the cancellation credited the registration's invoice (nothing was paid on its order: the
   * family no longer owes it, see registrations/cancellation-credits.ts).
   */
  credited: boolean;
}

/**
 * A family's own cancellation gives a token when the participant was confirmed, the activity allows
 * recovery, the session starts at least `noticeHours` from now (exactly N hours still counts), and the
 * money stays with the club. Decision (kept consistent with what a family cancellation does with money
 * today): an unpaid registration is credited, so the family owes nothing and loses nothing — no token;
 * a paid (or free) one is never refunded to a family that cancels itself — the token is what it gets
 * back, worth what it paid for the session.
 */
export function familyCancellationGivesToken(facts: FamilyCancellationFacts): boolean {
  return (
    facts.previousStatus === 'confirmed' &&
    visibilityAllowsRecovery(facts.visibility) &&
    !facts.credited &&
    facts.sessionStart.getTime() - facts.now.getTime() >= facts.noticeHours * HOUR
  );
}

/** An absence gives a token when the organisation grants them for absences and the activity allows recovery. */
export const absenceGivesToken = (facts: { visibility: string; recoveryForAbsences: boolean }): boolean =>
  facts.recoveryForAbsences && visibilityAllowsRecovery(facts.visibility);

/** A session cancelled by the organisation gives a token to each confirmed participant of a recovery activity. */
export const cancelledSessionGivesToken = (facts: { visibility: string; status: string }): boolean =>
  facts.status === 'confirmed' && visibilityAllowsRecovery(facts.visibility);

/** The session's share of an order line, and what was paid on its order. */
export interface ValueFacts {
  /** Cents: the activity's price on the line. */
  unitPrice: number;
  /** The line's supplements; a `once` one (a T-shirt) is not part of one session's price. */
  supplements: readonly { price: number; frequency?: string }[];
  orderTotal: number;
  orderCredited: number;
  orderPaid: number;
}

/**
 * What a token is worth: what was paid for the missed session (DESIGN.md section 10). The session's price
 * is the line's unit price and its per-session supplements; an order paid in full gives all of it, a
 * part-paid order the same share of it as was paid of what it owed, an unpaid order (or no order) 0.
 */
export function tokenValue(facts: ValueFacts | null): number {
  if (!facts) return 0;
  const sessionPrice =
    facts.unitPrice +
    facts.supplements.filter((s) => s.frequency !== 'once').reduce((sum, s) => sum + s.price, 0);
  const owed = facts.orderTotal - facts.orderCredited;
  if (facts.orderPaid <= 0 || sessionPrice <= 0) return 0;
  if (owed <= 0 || facts.orderPaid >= owed) return sessionPrice;
  return Math.floor((sessionPrice * facts.orderPaid) / owed);
}

/** A token's expiry: `validityDays` after it was created. */
export const expiryOf = (createdAt: Date, validityDays: number): Date =>
  new Date(createdAt.getTime() + validityDays * DAY);

/** An available token whose expiry has come is expired. */
export const hasExpired = (token: { status: RecoveryTokenStatus; expiresAt: Date }, now: Date): boolean =>
  token.status === 'available' && token.expiresAt.getTime() <= now.getTime();

/** The family is reminded once, in the 7 days before an available token expires. */
export const reminderDue = (
  token: { status: RecoveryTokenStatus; expiresAt: Date; reminderSentAt: Date | null },
  now: Date,
): boolean =>
  token.status === 'available' &&
  token.reminderSentAt === null &&
  token.expiresAt.getTime() > now.getTime() &&
  token.expiresAt.getTime() - now.getTime() <= REMINDER_BEFORE_MS;

/** A token as the session rule reads it. */
export interface TokenFacts {
  status: RecoveryTokenStatus;
  expiresAt: Date;
  /** The activity and establishment it came from (null for a token issued by hand without one). */
  originBlueprintId: string | null;
  originEstablishmentId: string | null;
}

/** A session a token might take. */
export interface CandidateSession {
  blueprintId: string;
  establishmentId: string;
  visibility: string;
  status: string;
  archived: boolean;
  startDateTime: Date;
  maxSeats: number;
  reservedSeats: number;
}

export type TokenSessionRefusal =
  'token-unavailable' | 'past' | 'cancelled' | 'no-recovery' | 'after-expiry' | 'out-of-scope' | 'full';

/**
 * Whether a token may take a session, or why not: the token is available and not expired, the session is
 * still to come, not cancelled, of a listed activity that allows recovery, starts before the token
 * expires, is within the organisation's scope (same activity, same establishment, or any), and has a free
 * seat (a courtesy read: the seat itself is taken by the conditional update in the consume transaction).
 * Age and overlap are the registrations' rules (registrations/eligibility-rules.ts).
 */
export function tokenSessionRefusal(
  token: TokenFacts,
  session: CandidateSession,
  scope: RecoveryScope,
  now: Date,
): TokenSessionRefusal | null {
  if (token.status !== 'available' || hasExpired(token, now)) return 'token-unavailable';
  if (session.startDateTime.getTime() <= now.getTime()) return 'past';
  if (session.status === 'cancelled') return 'cancelled';
  if (session.archived || !visibilityAllowsRecovery(session.visibility)) return 'no-recovery';
  if (session.startDateTime.getTime() > token.expiresAt.getTime()) return 'after-expiry';
  if (
    scope === 'same-activity' &&
    token.originBlueprintId &&
    session.blueprintId !== token.originBlueprintId
  ) {
    return 'out-of-scope';
  }
  if (
    scope === 'same-establishment' &&
    token.originEstablishmentId &&
    session.establishmentId !== token.originEstablishmentId
  ) {
    return 'out-of-scope';
  }
  if (session.maxSeats !== -1 && session.reservedSeats >= session.maxSeats) return 'full';
  return null;
}
