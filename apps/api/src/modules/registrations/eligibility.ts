import {
  ageOutsideLimits,
  ageRestrictionText,
  allowsSelfRegistration,
  displayName,
  formatDate,
  formatDateTime,
  hasAgeLimits,
  includedTax,
  isWithinAgeLimits,
  type Locale,
  type PendingConditions,
  refusalText,
  type RegistrationFacts,
  type RegistrationRefusal,
  type ReviewReason,
  type SessionStatus,
  type Standing,
  type SupplementFrequency,
  VISIBILITIES,
  ageInMonths,
} from '@inscrio/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { type Executor, preparedStatement } from '../../db/client';
import { organizations, periods } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../lib/access';

import { assertConditionsAccepted } from '../users/conditions.service';

/*
 * Whether one member may be registered to one session, and at what price. The cart runs every check for
 * a family; a manager registering directly skips the ones their role overrides (visibility, age…). The
 * seat check here is only a courtesy read: the seat itself is taken by `takeSeat` in the transaction
 * that inserts the participant, which is what guarantees no overselling.
 */

/** Statuses of a live registration (the `participants_live_unique` index). */
export const LIVE_STATUSES = ['invited', 'reserved', 'confirmed', 'needs-review'] as const;

export type EligibilityCheck =
  'visibility' | 'age' | 'past' | 'opening' | 'conditions' | 'already-registered' | 'overlap' | 'full';

export interface EligibilityRequest {
  organizationId: string;
  serviceId: string;
  memberId: string;
  /** The member must belong to this family (the caller's); null: any member of the organisation (managers). */
  familyId: string | null;
  /** Optional supplements (without an age bracket) chosen for this line; unknown ids are ignored. */
  supplementIds?: readonly string[];
  locale: Locale;
  /** The caller, for the conditions check (ROI, legal mentions); without it that check is skipped. */
  auth?: AuthContext;
}

export interface EligibilityOptions {
  /** Checks to leave out, e.g. `{ visibility: true, age: true }` for a manager's direct registration. */
  skip?: Partial<Record<EligibilityCheck, boolean>>;
  /** Defaults to `ctx.clock.now()`. */
  now?: Date;
}

export interface PriceSupplement {
  supplementId: string;
  name: string;
  /** Cents. */
  price: number;
  /** Once per participant, activity and period, or on every session (`chargeOnceSupplements`). */
  frequency: SupplementFrequency;
}

/** A line's price, VAT included, computed on the session date. */
export interface LinePrice {
  unitPrice: number;
  supplements: PriceSupplement[];
  /** Hundredths of a percent. */
  taxPercentage: number;
  totalAmount: number;
  taxAmount: number;
}

export interface EligibleSession {
  id: string;
  blueprintId: string;
  blueprintName: string;
  colorCode: string;
  startDateTime: Date;
  duration: number;
  status: SessionStatus;
  maxSeats: number;
  reservedSeats: number;
  visibility: string;
  periodId: string | null;
}

export interface EligibleMember {
  id: string;
  familyId: string;
  firstName: string;
  lastName: string;
  birthdate: string | null;
  /** 'M', 'F', 'O' or null: the refusal texts agree with it (« inscrit », « inscrite »). */
  gender: string | null;
}

export interface EligibleOrganization {
  id: string;
  name: string;
  timeZone: string;
  holdMinutes: number;
}

export interface RefusalResult {
  serviceId: string;
  memberId: string;
  reason: RegistrationRefusal;
  message: string;
  canRequest: ReviewReason | null;
}

export type EligibilityResult =
  | {
      ok: true;
      price: LinePrice;
      session: EligibleSession;
      member: EligibleMember;
      organization: EligibleOrganization;
      /** Age in months on the session date (null when the birthdate is unknown). */
      ageMonths: number | null;
    }
  | { ok: false; refusal: RefusalResult };

/** What the family may ask instead of a refused registration. */
export const REFUSAL_REQUESTS: Readonly<Record<RegistrationRefusal, ReviewReason | null>> = Object.freeze({
  'not-found': null,
  'not-open-yet': null,
  'self-registration-closed': 'visibility',
  'session-unavailable': null,
  'session-past': null,
  'too-young': 'age',
  'too-old': 'age',
  'already-registered': null,
  overlap: null,
  full: 'waiting-list',
  'conditions-not-accepted': null,
});

/** The facts a refusal message may quote (see the catalogue's `RegistrationFacts`). */
export type RefusalFacts = RegistrationFacts & {
  /** Which conditions the account must still accept (conditions-not-accepted). */
  which?: PendingConditions;
};

/** The French or English message of a refusal. */
export function refusalMessage(
  reason: RegistrationRefusal,
  locale: Locale,
  facts: RefusalFacts = {},
): string {
  return refusalText(reason, locale, facts);
}

/** A refusal with its message and what may be asked instead. */
export function refusal(
  serviceId: string,
  memberId: string,
  reason: RegistrationRefusal,
  locale: Locale,
  facts: RefusalFacts = {},
): RefusalResult {
  return {
    serviceId,
    memberId,
    reason,
    message: refusalMessage(reason, locale, facts),
    canRequest: REFUSAL_REQUESTS[reason],
  };
}

/** How many session starts `sessionStartText` remembers (past that, it starts over). */
const REMEMBERED_STARTS = 2_000;
const startTexts = new Map<string, string>();

/**
 * A session's start as messages and order lines print it ('dd/MM/yyyy HH:mm' in the organisation's zone),
 * remembered: when a popular session fills up, hundreds of refusals quote the same start, and each
 * `formatDateTime` builds an Intl formatter (~0.3 ms, the largest cost of a refusal in the rush profile).
 */
export function sessionStartText(start: Date, timeZone: string, locale: Locale): string {
  const key = `${start.getTime()} ${timeZone} ${locale}`;
  let text = startTexts.get(key);
  if (text === undefined) {
    if (startTexts.size >= REMEMBERED_STARTS) startTexts.clear();
    text = formatDateTime(start, timeZone, locale);
    startTexts.set(key, text);
  }
  return text;
}

/** 'À partir de 3 ans' → 'à partir de 3 ans', for use inside a sentence. */
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** Where a conflicting live registration stands (see `Standing`). */
const standingOf = (c: { status: string; inCart: boolean }): Standing =>
  c.inCart
    ? 'cart'
    : c.status === 'needs-review'
      ? 'request'
      : c.status === 'invited'
        ? 'invited'
        : 'registered';

/**
 * A line's price from its parts: the session's price and the supplements charged with it. The VAT is
 * that of each part, summed, since the invoice prints each supplement as its own line (so the order's
 * VAT and its invoice's agree to the cent).
 */
export function linePrice(
  unitPrice: number,
  supplements: PriceSupplement[],
  taxPercentage: number,
): LinePrice {
  return {
    unitPrice,
    supplements,
    taxPercentage,
    totalAmount: unitPrice + supplements.reduce((sum, s) => sum + s.price, 0),
    taxAmount:
      includedTax(unitPrice, taxPercentage) +
      supplements.reduce((sum, s) => sum + includedTax(s.price, taxPercentage), 0),
  };
}

/**
 * The price of one line: the activity's price, the supplements whose age bracket holds the attendee on
 * the session date, and the chosen optional supplements (those without a bracket). Every applying
 * supplement is listed, `once` ones too: `chargeOnceSupplements` then leaves those out of the lines
 * after the first of a member, activity and period.
 */
export function priceLine(
  blueprint: { price: number; taxPercentage: number },
  supplements: readonly SupplementData[],
  ageMonths: number | null,
  chosen: readonly string[],
): LinePrice {
  const applied: PriceSupplement[] = [];
  for (const s of supplements) {
    const bracketed = s.minAge !== null || s.maxAge !== null;
    const applies = bracketed
      ? ageMonths !== null && isWithinAgeLimits(ageMonths, s.minAge, s.maxAge)
      : chosen.includes(s.id);
    if (applies) {
      applied.push({
        supplementId: s.id,
        name: s.name,
        price: s.price,
        frequency: s.frequency === 'per-session' ? 'per-session' : 'once',
      });
    }
  }
  return linePrice(blueprint.price, applied, blueprint.taxPercentage);
}

export interface SupplementData {
  id: string;
  name: string;
  price: number;
  minAge: number | null;
  maxAge: number | null;
  /** Absent: 'once' (the default). */
  frequency?: SupplementFrequency | string;
}

export interface EligibilityRow {
  id: string | null;
  blueprint_id: string;
  period_id: string | null;
  start_date_time: Date | string;
  duration: number;
  status: string;
  max_seats: number;
  reserved_seats: number;
  blueprint_name: string;
  color_code: string;
  visibility: string;
  archived_at: Date | string | null;
  price: number;
  tax_percentage: number;
  min_age: number | null;
  max_age: number | null;
  registration_opens_at: Date | string | null;
  organization_name: string;
  time_zone: string;
  hold_minutes: number;
  roi_published_at: Date | string | null;
  legal_mentions_published_at: Date | string | null;
  supplements: SupplementData[];
  member: {
    id: string;
    familyId: string;
    firstName: string;
    lastName: string;
    email: string | null;
    birthdate: string | null;
    gender: string | null;
  } | null;
  conflicts: {
    serviceId: string;
    status: string;
    startDateTime: string;
    blueprintName: string;
    /** Reserved in the family's cart, not ordered yet. */
    inCart: boolean;
  }[];
  acceptance: { roi: string | null; legal: string | null } | null;
}

const asDate = (value: Date | string | null): Date | null =>
  value === null ? null : value instanceof Date ? value : new Date(value);

const p = (name: string) => sql.placeholder(name);

/**
 * The statement reading everything the checks need, in one round trip: the session with its activity,
 * period and organisation; the member (in the family when given); the member's conflicting live
 * registrations (the same session, or another one whose time range intersects it); the activity's
 * supplements; the caller's acceptance of the conditions. A caller may add columns of its own
 * (`extraColumns`, which may use the organisation `o` and the same placeholders): the cart reads the
 * family's cart in the same round trip. Values: `eligibilityValues`.
 *
 * The member's registrations are read by the member's index whatever the statistics say (`offset 0`
 * fence, statuses filtered outside it): with the status list inside, the live-registrations unique index
 * (organisation, session, member) fits too, and on stale statistics the planner walked all of it for
 * every pair checked (120+ pages on the bench database, growing with every registration).
 */
export function eligibilityStatement<Extra = unknown>(name: string, extraColumns?: SQL) {
  return preparedStatement<EligibilityRow & Extra>(
    name,
    sql`
    select s.id, s.blueprint_id, s.period_id, s.start_date_time, s.duration, s.status, s.max_seats,
      s.reserved_seats, b.name as blueprint_name, b.color_code, b.visibility, b.archived_at, b.price,
      b.tax_percentage, b.min_age, b.max_age, pe.registration_opens_at, o.name as organization_name,
      o.time_zone, o.hold_minutes, o.roi_published_at, o.legal_mentions_published_at,
      (select coalesce(json_agg(json_build_object('id', x.id, 'name', x.name, 'price', x.price,
          'minAge', x.min_age, 'maxAge', x.max_age, 'frequency', x.frequency) order by x.position, x.name),
          '[]'::json)
        from blueprint_supplements x
        where x.organization_id = s.organization_id and x.blueprint_id = s.blueprint_id) as supplements,
      (select json_build_object('id', m.id, 'familyId', m.family_id, 'firstName', m.first_name,
          'lastName', m.last_name, 'email', m.email, 'birthdate', m.birthdate, 'gender', m.gender)
        from members m
        where m.organization_id = o.id and m.id = ${p('memberId')} and m.deleted_at is null
          and (${p('familyId')}::text is null or m.family_id = ${p('familyId')}::text)) as member,
      (select coalesce(json_agg(json_build_object('serviceId', c.service_id, 'status', c.status,
          'startDateTime', c.start_date_time, 'blueprintName', c.blueprint_name,
          'inCart', c.status = 'reserved' and c.cart_linked and c.order_id is null)
          order by c.start_date_time), '[]'::json)
        from (
          select p.service_id, p.status, p.cart_linked, p.order_id, os.start_date_time,
            ob.name as blueprint_name
          from (
            select p.service_id, p.status, p.cart_linked, p.order_id, p.hold_expires_at
            from participants p
            where p.organization_id = o.id and p.member_id = ${p('memberId')}
            offset 0) p
          join services os on os.organization_id = o.id and os.id = p.service_id
          join blueprints ob on ob.organization_id = os.organization_id and ob.id = os.blueprint_id
          where p.status in ('invited', 'reserved', 'confirmed', 'needs-review')
            and (p.service_id = s.id or (
              p.status in ('invited', 'reserved', 'confirmed') and os.status <> 'cancelled'
              and os.start_date_time < s.start_date_time + make_interval(mins => s.duration)
              and os.start_date_time + make_interval(mins => os.duration) > s.start_date_time))
            and not (p.cart_linked and p.order_id is null and p.hold_expires_at <= ${p('now')}::timestamptz)
          limit 5) c) as conflicts,
      (select json_build_object('roi', u.has_accepted_roi_at, 'legal', u.has_accepted_legal_mentions_at)
        from users u where u.organization_id = o.id and u.id = ${p('userId')}::text) as acceptance
      ${extraColumns ? sql`, ${extraColumns}` : sql``}
    from organizations o
    left join services s on s.organization_id = o.id and s.id = ${p('serviceId')}
    left join blueprints b on b.organization_id = s.organization_id and b.id = s.blueprint_id
    left join periods pe on pe.organization_id = s.organization_id and pe.id = s.period_id
    where o.id = ${p('organizationId')}`,
  );
}

/** The values of an eligibility statement's placeholders. */
export const eligibilityValues = (request: EligibilityRequest, now: Date) => ({
  organizationId: request.organizationId,
  serviceId: request.serviceId,
  memberId: request.memberId,
  familyId: request.familyId,
  userId: request.auth?.userId ?? null,
  now: now.toISOString(),
});

const loadFacts = eligibilityStatement('registration_eligibility');

/** Whether a published version of a condition still waits for the user's acceptance. */
const mustAccept = (published: Date | null, accepted: Date | null) =>
  published !== null && (accepted === null || accepted < published);

/**
 * Checks a (session, member) pair for a family and prices it, or says why not (a refusal of
 * `REGISTRATION_REFUSALS` with its message and what may be requested instead). Checks, in order: the
 * session exists in the organisation and its activity is listed (hidden or archived: not found), the
 * member is a live member of the family, the session is not cancelled nor started, the activity allows
 * self-registration (spec section 4: only public), the caller accepted the conditions, the period's
 * registrations are open, the age on the session date (organisation time zone) is within the limits,
 * the member is not already registered nor busy at the same time, and a seat is free.
 */
export async function checkEligibility(
  ctx: AppContext,
  db: Executor,
  request: EligibilityRequest,
  options: EligibilityOptions = {},
): Promise<EligibilityResult> {
  const now = options.now ?? ctx.clock.now();
  const [row] = await loadFacts(db, eligibilityValues(request, now));
  return judgeEligibility(ctx, db, request, row, { ...options, now });
}

/** The checks of `checkEligibility` on facts already read (by `eligibilityStatement`). */
export async function judgeEligibility(
  ctx: AppContext,
  db: Executor,
  request: EligibilityRequest,
  row: EligibilityRow | undefined,
  options: EligibilityOptions = {},
): Promise<EligibilityResult> {
  const { organizationId, serviceId, memberId, locale } = request;
  const skip = options.skip ?? {};
  const now = options.now ?? ctx.clock.now();
  const refuse = (reason: RegistrationRefusal, facts: RefusalFacts = {}): EligibilityResult => ({
    ok: false,
    refusal: refusal(serviceId, memberId, reason, locale, facts),
  });

  if (!row) throw new AppError('not_found');
  const member = row.member;
  if (
    row.id === null ||
    row.archived_at !== null ||
    !VISIBILITIES.is(row.visibility) ||
    (row.visibility === 'hidden' && !skip.visibility)
  ) {
    return refuse('not-found');
  }
  if (!member) return refuse('not-found');

  const timeZone = row.time_zone;
  const startDateTime = asDate(row.start_date_time)!;
  const memberName = member.firstName.trim() || displayName(member, 'participant', locale);
  // Formatting dates costs: the facts are only built for a refusal.
  const facts = (): RefusalFacts => ({
    memberName,
    gender: member.gender,
    activityName: row.blueprint_name,
    sessionStart: sessionStartText(startDateTime, timeZone, locale),
  });

  if (row.status === 'cancelled') return refuse('session-unavailable', facts());
  if (!skip.past && startDateTime.getTime() <= now.getTime()) return refuse('session-past', facts());
  if (!skip.visibility && !allowsSelfRegistration(row.visibility)) {
    return refuse('self-registration-closed', facts());
  }
  if (!skip.conditions && request.auth) {
    const auth = request.auth;
    const pending =
      auth.homeOrganizationId !== organizationId ||
      mustAccept(asDate(row.roi_published_at), asDate(row.acceptance?.roi ?? null)) ||
      mustAccept(asDate(row.legal_mentions_published_at), asDate(row.acceptance?.legal ?? null));
    if (pending) {
      // The conditions service words the refusal (and checks the home organisation's versions).
      try {
        await assertConditionsAccepted(ctx, auth, db);
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'conditions_not_accepted') throw error;
        const { which } = (error as AppError<'conditions_not_accepted'>).params ?? {};
        return refuse('conditions-not-accepted', { ...facts(), which });
      }
    }
  }
  const opensAt = asDate(row.registration_opens_at);
  if (!skip.opening && opensAt && opensAt.getTime() > now.getTime()) {
    const opening = formatDateTime(opensAt, timeZone, locale);
    return refuse('not-open-yet', {
      ...facts(),
      opensOn: formatDate(opensAt, timeZone, locale),
      opensAt: opening.slice(-5),
    });
  }

  const ageMonths = member.birthdate ? ageInMonths(member.birthdate, startDateTime, timeZone) : null;
  if (!skip.age && hasAgeLimits(row.min_age, row.max_age)) {
    const ageRule = lowerFirst(ageRestrictionText(row.min_age, row.max_age, locale));
    if (ageMonths === null) return refuse('too-young', { ...facts(), ageRule, birthdateUnknown: true });
    const outside = ageOutsideLimits(ageMonths, row.min_age, row.max_age);
    if (outside) return refuse(outside, { ...facts(), ageRule });
  }

  const same = row.conflicts.find((c) => c.serviceId === row.id);
  if (same && !skip['already-registered']) {
    return refuse('already-registered', { ...facts(), standing: standingOf(same) });
  }
  const other = row.conflicts.find((c) => c.serviceId !== row.id);
  if (other && !skip.overlap) {
    return refuse('overlap', {
      ...facts(),
      standing: standingOf(other),
      overlapWith: `${other.blueprintName} — ${formatDateTime(new Date(other.startDateTime), timeZone, locale)}`,
    });
  }

  if (!skip.full && row.max_seats !== -1 && row.reserved_seats >= row.max_seats)
    return refuse('full', facts());

  return {
    ok: true,
    price: priceLine(
      { price: row.price, taxPercentage: row.tax_percentage },
      row.supplements,
      ageMonths,
      request.supplementIds ?? [],
    ),
    session: {
      id: row.id,
      blueprintId: row.blueprint_id,
      blueprintName: row.blueprint_name,
      colorCode: row.color_code,
      startDateTime,
      duration: row.duration,
      status: row.status as SessionStatus,
      maxSeats: row.max_seats,
      reservedSeats: row.reserved_seats,
      visibility: row.visibility,
      periodId: row.period_id,
    },
    member: {
      id: member.id,
      familyId: member.familyId,
      firstName: member.firstName,
      lastName: member.lastName,
      birthdate: member.birthdate,
      gender: member.gender ?? null,
    },
    organization: {
      id: organizationId,
      name: row.organization_name,
      timeZone,
      holdMinutes: row.hold_minutes,
    },
    ageMonths,
  };
}

/** The refusal for a session that turned out full when taking the seat (after the courtesy read). */
export function fullRefusal(
  serviceId: string,
  memberId: string,
  locale: Locale,
  facts: { activityName: string; startDateTime: Date; timeZone: string },
): RefusalResult {
  return refusal(serviceId, memberId, 'full', locale, {
    activityName: facts.activityName,
    sessionStart: sessionStartText(facts.startDateTime, facts.timeZone, locale),
  });
}

/** Same, for a registration that a concurrent request made first (unique index). */
export function alreadyRegisteredRefusal(
  serviceId: string,
  memberId: string,
  locale: Locale,
  facts: {
    memberName: string;
    gender?: string | null;
    activityName: string;
    startDateTime: Date;
    timeZone: string;
  },
): RefusalResult {
  return refusal(serviceId, memberId, 'already-registered', locale, {
    memberName: facts.memberName,
    gender: facts.gender,
    activityName: facts.activityName,
    sessionStart: sessionStartText(facts.startDateTime, facts.timeZone, locale),
  });
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

/**
 * What the catalogue detail says about registering (`registration: {open, message, opensAt}`), from the
 * upcoming sessions the page lists: when every one of them waits for its period's registrations to open,
 * the first opening (« Inscriptions ouvertes le 06/09/2027 », its date in the organisation's zone),
 * whatever the visibility; otherwise open for a public activity, the request-only message for the
 * others (a family asks the club instead), or that nothing is scheduled.
 */
export async function catalogRegistration(
  db: Executor,
  organizationId: string,
  visibility: string,
  sessions: readonly { status: string; startDateTime: Date | string; periodId: string | null }[],
  now: Date,
  locale: Locale,
): Promise<{ open: boolean; message: string | null; opensAt: string | null }> {
  const onRequest = visibility !== 'public';
  const closed = { open: false, message: refusalMessage('self-registration-closed', locale), opensAt: null };
  const upcoming = sessions.filter(
    (s) => s.status !== 'cancelled' && new Date(s.startDateTime).getTime() > now.getTime(),
  );
  if (upcoming.length === 0) {
    return onRequest ? closed : { open: false, message: NO_UPCOMING[locale], opensAt: null };
  }
  const opened = onRequest ? closed : { open: true, message: null, opensAt: null };
  if (upcoming.some((s) => s.periodId === null)) return opened;
  const periodIds = [...new Set(upcoming.map((s) => s.periodId!))];
  const rows = await db
    .select({ opensAt: periods.registrationOpensAt, timeZone: organizations.timeZone })
    .from(periods)
    .innerJoin(organizations, eq(organizations.id, periods.organizationId))
    .where(and(eq(periods.organizationId, organizationId), inArray(periods.id, periodIds)));
  const pending = rows.filter((r) => r.opensAt !== null && r.opensAt.getTime() > now.getTime());
  if (pending.length < periodIds.length) return opened;
  const first = pending.reduce((a, b) => (a.opensAt!.getTime() <= b.opensAt!.getTime() ? a : b));
  return {
    open: false,
    message: OPENS_ON[locale](formatDate(first.opensAt!, first.timeZone, locale)),
    opensAt: first.opensAt!.toISOString(),
  };
}
