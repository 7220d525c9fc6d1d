import {
  ageInMonths,
  ageOutsideLimits,
  ageRestrictionText,
  allowsSelfRegistration,
  displayName,
  formatDate,
  formatDateTime,
  hasAgeLimits,
  type Locale,
  type PendingConditions,
  type RegistrationRefusal,
  type Standing,
  VISIBILITIES,
} from '@inscrio/shared';
import type { SupplementData } from './pricing';
import type { RefusalFacts } from './refusals';
import { sessionStartText } from './session-start-text';

/*
 * Whether one member may be registered to one session: pure, facts in (read by eligibility.repository.ts),
 * decision out. The seat check here is only a courtesy read: the seat itself is taken by `takeSeat` in the
 * transaction that inserts the participant, which is what guarantees no overselling.
 */

export type EligibilityCheck =
  'visibility' | 'age' | 'past' | 'opening' | 'conditions' | 'already-registered' | 'overlap' | 'full';

/** A session with its activity and its period's opening. */
export interface SessionFacts {
  id: string;
  blueprintId: string;
  periodId: string | null;
  startDateTime: Date;
  duration: number;
  status: string;
  maxSeats: number;
  reservedSeats: number;
  blueprintName: string;
  colorCode: string;
  visibility: string;
  archivedAt: Date | null;
  /** Cents, VAT included. */
  price: number;
  /** Hundredths of a percent. */
  taxPercentage: number;
  /** Months; null or 0: no limit. */
  minAge: number | null;
  maxAge: number | null;
  registrationOpensAt: Date | null;
}

export interface MemberFacts {
  id: string;
  familyId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  birthdate: string | null;
  /** 'M', 'F', 'O' or null: the refusal texts agree with it (« inscrit », « inscrite »). */
  gender: string | null;
}

/** A live registration of the member on the same session or on one whose time range meets it. */
export interface ConflictFacts {
  serviceId: string;
  status: string;
  startDateTime: Date;
  blueprintName: string;
  /** Reserved in the family's cart, not ordered yet. */
  inCart: boolean;
}

/** Everything the checks read about one (session, member) pair. */
export interface EligibilityFacts {
  /** Null: no such session in the organisation. */
  session: SessionFacts | null;
  /** Null: no such live member (in the family, when one is given). */
  member: MemberFacts | null;
  organization: {
    name: string;
    timeZone: string;
    holdMinutes: number;
    roiPublishedAt: Date | null;
    legalMentionsPublishedAt: Date | null;
  };
  supplements: SupplementData[];
  conflicts: ConflictFacts[];
  /** When the caller accepted the organisation's conditions (null: no caller, or unknown). */
  acceptance: { roi: Date | null; legal: Date | null } | null;
}

export interface RuleOptions {
  /** Checks to leave out, e.g. `{ visibility: true, age: true }` for a manager's direct registration. */
  skip?: Partial<Record<EligibilityCheck, boolean>>;
  now: Date;
  locale: Locale;
  /**
   * What the conditions service answered (it knows the home organisation's versions): the conditions
   * still to accept, or null when accepted or not asked.
   */
  pendingConditions?: { which?: PendingConditions } | null;
}

export type EligibilityDecision =
  | {
      ok: true;
      session: SessionFacts;
      member: MemberFacts;
      /** Age in months on the session date (null when the birthdate is unknown). */
      ageMonths: number | null;
    }
  | { ok: false; reason: RegistrationRefusal; facts: RefusalFacts };

type Refused = Extract<EligibilityDecision, { ok: false }>;

const refuse = (reason: RegistrationRefusal, facts: RefusalFacts = {}): Refused => ({
  ok: false,
  reason,
  facts,
});

/** 'À partir de 3 ans' → 'à partir de 3 ans', for use inside a sentence. */
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** Where a conflicting live registration stands (see `Standing`). */
export const standingOf = (c: { status: string; inCart: boolean }): Standing =>
  c.inCart
    ? 'cart'
    : c.status === 'needs-review'
      ? 'request'
      : c.status === 'invited'
        ? 'invited'
        : 'registered';

/** Whether a published version of a condition still waits for the user's acceptance. */
const mustAccept = (published: Date | null, accepted: Date | null) =>
  published !== null && (accepted === null || accepted < published);

/**
 * Whether the caller may still have conditions to accept: another home organisation (whose versions only
 * the conditions service reads), or a version published since the caller's acceptance.
 */
export function conditionsMayBePending(
  facts: EligibilityFacts,
  organizationId: string,
  homeOrganizationId: string,
): boolean {
  const { organization, acceptance } = facts;
  return (
    homeOrganizationId !== organizationId ||
    mustAccept(organization.roiPublishedAt, acceptance?.roi ?? null) ||
    mustAccept(organization.legalMentionsPublishedAt, acceptance?.legal ?? null)
  );
}

/** The facts every refusal about a known session and member quotes. */
function quoted(session: SessionFacts, member: MemberFacts, timeZone: string, locale: Locale): RefusalFacts {
  return {
    memberName: member.firstName.trim() || displayName(member, 'participant', locale),
    gender: member.gender,
    activityName: session.blueprintName,
    sessionStart: sessionStartText(session.startDateTime, timeZone, locale),
  };
}

/**
 * The checks that come before the conditions, about the session alone: it exists in the organisation and
 * its activity is listed (hidden or archived: not found), the member is a live member of the family, the
 * session is not cancelled nor started, and the activity allows self-registration (spec section 4: only
 * public). Null when they pass.
 */
export function sessionRefusal(facts: EligibilityFacts, options: RuleOptions): Refused | null {
  const skip = options.skip ?? {};
  const { session, member } = facts;
  if (
    session === null ||
    session.archivedAt !== null ||
    !VISIBILITIES.is(session.visibility) ||
    (session.visibility === 'hidden' && !skip.visibility)
  ) {
    return refuse('not-found');
  }
  if (!member) return refuse('not-found');
  // Formatting dates costs: the facts are only built for a refusal.
  const quote = () => quoted(session, member, facts.organization.timeZone, options.locale);
  if (session.status === 'cancelled') return refuse('session-unavailable', quote());
  if (!skip.past && session.startDateTime.getTime() <= options.now.getTime()) {
    return refuse('session-past', quote());
  }
  if (!skip.visibility && !allowsSelfRegistration(session.visibility)) {
    return refuse('self-registration-closed', quote());
  }
  return null;
}

/**
 * Checks a (session, member) pair, in order: `sessionRefusal`'s checks, the caller's conditions
 * (`pendingConditions`), the period's registrations are open, the age on the session date (organisation
 * time zone) is within the limits, the member is not already registered nor busy at the same time, and a
 * seat is free.
 */
export function decideEligibility(facts: EligibilityFacts, options: RuleOptions): EligibilityDecision {
  const early = sessionRefusal(facts, options);
  if (early) return early;
  const session = facts.session!;
  const member = facts.member!;
  const skip = options.skip ?? {};
  const { locale, now } = options;
  const timeZone = facts.organization.timeZone;
  const quote = () => quoted(session, member, timeZone, locale);

  if (!skip.conditions && options.pendingConditions) {
    return refuse('conditions-not-accepted', { ...quote(), which: options.pendingConditions.which });
  }
  const opensAt = session.registrationOpensAt;
  if (!skip.opening && opensAt && opensAt.getTime() > now.getTime()) {
    return refuse('not-open-yet', {
      ...quote(),
      opensOn: formatDate(opensAt, timeZone, locale),
      opensAt: formatDateTime(opensAt, timeZone, locale).slice(-5),
    });
  }

  const ageMonths = member.birthdate ? ageInMonths(member.birthdate, session.startDateTime, timeZone) : null;
  if (!skip.age && hasAgeLimits(session.minAge, session.maxAge)) {
    const ageRule = lowerFirst(ageRestrictionText(session.minAge, session.maxAge, locale));
    if (ageMonths === null) return refuse('too-young', { ...quote(), ageRule, birthdateUnknown: true });
    const outside = ageOutsideLimits(ageMonths, session.minAge, session.maxAge);
    if (outside) return refuse(outside, { ...quote(), ageRule });
  }

  const same = facts.conflicts.find((c) => c.serviceId === session.id);
  if (same && !skip['already-registered']) {
    return refuse('already-registered', { ...quote(), standing: standingOf(same) });
  }
  const other = facts.conflicts.find((c) => c.serviceId !== session.id);
  if (other && !skip.overlap) {
    return refuse('overlap', {
      ...quote(),
      standing: standingOf(other),
      overlapWith: `${other.blueprintName} — ${formatDateTime(other.startDateTime, timeZone, locale)}`,
    });
  }

  if (!skip.full && session.maxSeats !== -1 && session.reservedSeats >= session.maxSeats) {
    return refuse('full', quote());
  }
  return { ok: true, session, member, ageMonths };
}
