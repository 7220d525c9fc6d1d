import type { Locale, SessionStatus } from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import type { AuthContext } from '../../lib/access';
import { AppError } from '../../lib/app-error';
import { assertConditionsAccepted } from '../users/conditions.service';
import {
  conditionsMayBePending,
  decideEligibility,
  type EligibilityCheck,
  type EligibilityFacts,
  type RuleOptions,
  sessionRefusal,
} from './eligibility-rules';
import { type EligibilityRow, readEligibilityFacts, toEligibilityFacts } from './eligibility.repository';
import { type LinePrice, priceLine } from './pricing';
import { refusal, type RefusalResult } from './refusals';

/*
 * Whether one member may be registered to one session, and at what price: this file gathers the facts
 * (eligibility.repository.ts), asks the conditions service when the caller may still have conditions to
 * accept, and applies the pure rules (eligibility-rules.ts) and price (pricing.ts). The cart runs every
 * check for a family; a manager registering directly skips the ones their role overrides (visibility,
 * age…).
 */

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

/**
 * Checks a (session, member) pair for a family and prices it, or says why not (a refusal of
 * `REGISTRATION_REFUSALS` with its message and what may be requested instead). The checks and their
 * order: `decideEligibility`.
 */
export async function checkEligibility(
  ctx: AppContext,
  db: Executor,
  request: EligibilityRequest,
  options: EligibilityOptions = {},
): Promise<EligibilityResult> {
  const now = options.now ?? ctx.clock.now();
  const facts = await readEligibilityFacts(db, request, now);
  return judgeFacts(ctx, db, request, facts, { ...options, now });
}

/** The checks of `checkEligibility` on a row already read (by `eligibilityStatement`, with the cart's). */
export function judgeEligibility(
  ctx: AppContext,
  db: Executor,
  request: EligibilityRequest,
  row: EligibilityRow | undefined,
  options: EligibilityOptions = {},
): Promise<EligibilityResult> {
  return judgeFacts(ctx, db, request, row && toEligibilityFacts(row), options);
}

/**
 * The conditions the caller must still accept, as the conditions service words them (it checks the home
 * organisation's versions), or null.
 */
async function pendingConditions(
  ctx: AppContext,
  db: Executor,
  auth: AuthContext,
): Promise<RuleOptions['pendingConditions']> {
  try {
    await assertConditionsAccepted(ctx, auth, db);
    return null;
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'conditions_not_accepted') throw error;
    return { which: (error as AppError<'conditions_not_accepted'>).params?.which };
  }
}

async function judgeFacts(
  ctx: AppContext,
  db: Executor,
  request: EligibilityRequest,
  facts: EligibilityFacts | undefined,
  options: EligibilityOptions,
): Promise<EligibilityResult> {
  const { organizationId, serviceId, memberId, locale, auth } = request;
  if (!facts) throw new AppError('not_found');
  const rules: RuleOptions = { skip: options.skip, now: options.now ?? ctx.clock.now(), locale };
  // The conditions service is asked only when its answer can decide: the checks before it pass and the
  // facts say a version may wait for the caller's acceptance.
  if (
    auth &&
    !options.skip?.conditions &&
    conditionsMayBePending(facts, organizationId, auth.homeOrganizationId) &&
    !sessionRefusal(facts, rules)
  ) {
    rules.pendingConditions = await pendingConditions(ctx, db, auth);
  }
  const decision = decideEligibility(facts, rules);
  if (!decision.ok) {
    return { ok: false, refusal: refusal(serviceId, memberId, decision.reason, locale, decision.facts) };
  }
  const { session, member, ageMonths } = decision;
  return {
    ok: true,
    price: priceLine(session, facts.supplements, ageMonths, request.supplementIds ?? []),
    session: {
      id: session.id,
      blueprintId: session.blueprintId,
      blueprintName: session.blueprintName,
      colorCode: session.colorCode,
      startDateTime: session.startDateTime,
      duration: session.duration,
      status: session.status as SessionStatus,
      maxSeats: session.maxSeats,
      reservedSeats: session.reservedSeats,
      visibility: session.visibility,
      periodId: session.periodId,
    },
    member: {
      id: member.id,
      familyId: member.familyId,
      firstName: member.firstName,
      lastName: member.lastName,
      birthdate: member.birthdate,
      gender: member.gender,
    },
    organization: {
      id: organizationId,
      name: facts.organization.name,
      timeZone: facts.organization.timeZone,
      holdMinutes: facts.organization.holdMinutes,
    },
    ageMonths,
  };
}
