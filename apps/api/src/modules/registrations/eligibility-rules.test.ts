import { describe, expect, it } from 'vitest';
import {
  conditionsMayBePending,
  type ConflictFacts,
  decideEligibility,
  type EligibilityDecision,
  type EligibilityFacts,
  type RuleOptions,
  type SessionFacts,
  sessionRefusal,
} from './eligibility-rules';
import { fullRefusal, REFUSAL_REQUESTS, refusal } from './refusals';

// 14/03/2027 10:00 in Brussels (UTC+1 in March); Léa turns 6 (72 months) that day.
const START = new Date('2027-03-14T09:00:00Z');
const NOW = new Date('2027-03-01T12:00:00Z');
const ZONE = 'Europe/Brussels';

const session = (over: Partial<SessionFacts> = {}): SessionFacts => ({
  id: 'ser_swim',
  blueprintId: 'bp_swim',
  periodId: 'per_spring',
  startDateTime: START,
  duration: 60,
  status: 'scheduled',
  maxSeats: 10,
  reservedSeats: 3,
  blueprintName: 'Natation',
  colorCode: '#0088cc',
  visibility: 'public',
  archivedAt: null,
  price: 2500,
  taxPercentage: 600,
  minAge: null,
  maxAge: null,
  registrationOpensAt: null,
  ...over,
});

const facts = (
  over: Partial<Omit<EligibilityFacts, 'session'>> & { session?: Partial<SessionFacts> | null } = {},
): EligibilityFacts => ({
  member: {
    id: 'mem_lea',
    familyId: 'fam_martin',
    firstName: 'Léa',
    lastName: 'Martin',
    email: null,
    birthdate: '2021-03-14',
    gender: 'F',
  },
  organization: {
    name: 'Club',
    timeZone: ZONE,
    holdMinutes: 20,
    roiPublishedAt: null,
    legalMentionsPublishedAt: null,
  },
  supplements: [],
  conflicts: [],
  acceptance: null,
  ...over,
  session: over.session === null ? null : session(over.session ?? {}),
});

const decide = (f: EligibilityFacts, options: Partial<RuleOptions> = {}): EligibilityDecision =>
  decideEligibility(f, { now: NOW, locale: 'fr', ...options });

/** The refusal reason, or 'ok'. */
const reason = (f: EligibilityFacts, options: Partial<RuleOptions> = {}) => {
  const decision = decide(f, options);
  return decision.ok ? 'ok' : decision.reason;
};

const refusedFacts = (decision: EligibilityDecision) => {
  if (decision.ok) throw new Error('expected a refusal');
  return decision.facts;
};

const QUOTED = {
  memberName: 'Léa',
  gender: 'F',
  activityName: 'Natation',
  sessionStart: '14/03/2027 10:00',
};

const conflict = (over: Partial<ConflictFacts> = {}): ConflictFacts => ({
  serviceId: 'ser_swim',
  status: 'confirmed',
  startDateTime: START,
  blueprintName: 'Natation',
  inCart: false,
  ...over,
});

describe('decideEligibility', () => {
  it('accepts a member who passes every check, with the age on the session date', () => {
    const decision = decide(facts());
    expect(decision).toMatchObject({ ok: true, ageMonths: 72 });
  });

  describe('not-found', () => {
    it('refuses an unknown session, an archived or unlisted activity, a hidden one, an unknown member', () => {
      expect(reason(facts({ session: null }))).toBe('not-found');
      expect(reason(facts({ session: { archivedAt: new Date('2027-01-01') } }))).toBe('not-found');
      expect(reason(facts({ session: { visibility: 'secret' } }))).toBe('not-found');
      expect(reason(facts({ session: { visibility: 'hidden' } }))).toBe('not-found');
      expect(reason(facts({ member: null }))).toBe('not-found');
      expect(refusedFacts(decide(facts({ member: null })))).toEqual({});
    });

    it('lets a manager (visibility skipped) reach a hidden activity, never an archived one', () => {
      expect(reason(facts({ session: { visibility: 'hidden' } }), { skip: { visibility: true } })).toBe('ok');
      expect(
        reason(facts({ session: { visibility: 'hidden', archivedAt: new Date('2027-01-01') } }), {
          skip: { visibility: true },
        }),
      ).toBe('not-found');
    });
  });

  it('refuses a cancelled session, even when the manager skips every check', () => {
    const f = facts({ session: { status: 'cancelled' } });
    expect(refusedFacts(decide(f))).toEqual(QUOTED);
    expect(reason(f, { skip: { visibility: true, age: true, past: true, opening: true, full: true } })).toBe(
      'session-unavailable',
    );
  });

  describe('session-past', () => {
    it('refuses a session starting at this very instant, accepts one a millisecond later', () => {
      expect(reason(facts(), { now: START })).toBe('session-past');
      expect(reason(facts(), { now: new Date(START.getTime() - 1) })).toBe('ok');
    });

    it('is skipped on demand', () => {
      expect(reason(facts(), { now: new Date('2027-04-01'), skip: { past: true } })).toBe('ok');
    });
  });

  it('refuses self-registration unless the activity is public (managers skip it)', () => {
    for (const visibility of ['protected', 'private']) {
      const f = facts({ session: { visibility } });
      expect(reason(f)).toBe('self-registration-closed');
      expect(reason(f, { skip: { visibility: true } })).toBe('ok');
    }
  });

  describe('conditions-not-accepted', () => {
    it('refuses with the conditions the service says are pending, unless skipped', () => {
      const decision = decide(facts(), { pendingConditions: { which: 'roi' } });
      expect(decision).toEqual({
        ok: false,
        reason: 'conditions-not-accepted',
        facts: { ...QUOTED, which: 'roi' },
      });
      expect(reason(facts(), { pendingConditions: null })).toBe('ok');
      expect(reason(facts(), { pendingConditions: { which: 'both' }, skip: { conditions: true } })).toBe(
        'ok',
      );
    });

    it('comes after the session checks and before the opening', () => {
      const pendingConditions = { which: 'both' as const };
      expect(reason(facts({ session: { status: 'cancelled' } }), { pendingConditions })).toBe(
        'session-unavailable',
      );
      expect(reason(facts({ session: { registrationOpensAt: START } }), { pendingConditions })).toBe(
        'conditions-not-accepted',
      );
    });
  });

  describe('not-open-yet', () => {
    it("refuses before the period's opening, quoting its day and time in the organisation's zone", () => {
      const f = facts({ session: { registrationOpensAt: new Date('2027-03-06T07:00:00Z') } });
      expect(refusedFacts(decide(f))).toEqual({ ...QUOTED, opensOn: '06/03/2027', opensAt: '08:00' });
      expect(reason(f, { skip: { opening: true } })).toBe('ok');
    });

    it('accepts from the opening instant on', () => {
      const opensAt = new Date('2027-03-06T07:00:00Z');
      expect(reason(facts({ session: { registrationOpensAt: opensAt } }), { now: opensAt })).toBe('ok');
    });
  });

  describe('age', () => {
    it('accepts a member exactly the minimum age on the session date, refuses one a day younger', () => {
      expect(reason(facts({ session: { minAge: 72 } }))).toBe('ok');
      const younger = facts({
        session: { minAge: 72 },
        member: { ...facts().member!, birthdate: '2021-03-15' },
      });
      expect(refusedFacts(decide(younger))).toEqual({ ...QUOTED, ageRule: 'à partir de 6 ans' });
      expect(reason(younger)).toBe('too-young');
    });

    it("counts the age on the session's day in the organisation's zone, not in UTC", () => {
      // 13/03 23:30 UTC is 14/03 00:30 in Brussels: Léa is 6 there.
      const f = facts({ session: { minAge: 72, startDateTime: new Date('2027-03-13T23:30:00Z') } });
      expect(reason(f)).toBe('ok');
      expect(reason({ ...f, organization: { ...f.organization, timeZone: 'UTC' } })).toBe('too-young');
    });

    it('includes the last year of a maximum in years: up to 5 years admits 5 years and 11 months', () => {
      const aged = (birthdate: string) =>
        facts({ session: { maxAge: 60 }, member: { ...facts().member!, birthdate } });
      expect(reason(aged('2021-03-15'))).toBe('ok'); // 71 months
      expect(reason(aged('2021-03-14'))).toBe('too-old'); // 72 months
      expect(refusedFacts(decide(aged('2021-03-14')))).toEqual({ ...QUOTED, ageRule: "jusqu'à 5 ans" });
    });

    it('includes the last month of a maximum in months (below 3 years)', () => {
      const aged = (birthdate: string) =>
        facts({ session: { maxAge: 18 }, member: { ...facts().member!, birthdate } });
      expect(reason(aged('2025-09-14'))).toBe('ok'); // 18 months
      expect(reason(aged('2025-08-14'))).toBe('too-old'); // 19 months
    });

    it('refuses an unknown birthdate when the activity has an age limit, as too young', () => {
      const f = facts({ session: { minAge: 36 }, member: { ...facts().member!, birthdate: null } });
      expect(decide(f)).toEqual({
        ok: false,
        reason: 'too-young',
        facts: { ...QUOTED, ageRule: 'à partir de 3 ans', birthdateUnknown: true },
      });
      expect(decide({ ...f, session: session() })).toMatchObject({ ok: true, ageMonths: null });
    });

    it('is skipped on demand (a manager, an age request), the age still given', () => {
      const decision = decide(facts({ session: { minAge: 120 } }), { skip: { age: true } });
      expect(decision).toMatchObject({ ok: true, ageMonths: 72 });
    });
  });

  describe('already-registered', () => {
    it('says where the member already stands on the session', () => {
      const standing = (over: Partial<ConflictFacts>) =>
        refusedFacts(decide(facts({ conflicts: [conflict(over)] }))).standing;
      expect(standing({ status: 'reserved', inCart: true })).toBe('cart');
      expect(standing({ status: 'needs-review' })).toBe('request');
      expect(standing({ status: 'invited' })).toBe('invited');
      expect(standing({ status: 'confirmed' })).toBe('registered');
      expect(reason(facts({ conflicts: [conflict()] }))).toBe('already-registered');
    });

    it('is skipped on demand', () => {
      expect(reason(facts({ conflicts: [conflict()] }), { skip: { 'already-registered': true } })).toBe('ok');
    });
  });

  describe('overlap', () => {
    it('names the other session the member is on at the same time', () => {
      const other = conflict({
        serviceId: 'ser_judo',
        blueprintName: 'Judo',
        startDateTime: new Date('2027-03-14T09:30:00Z'),
      });
      expect(decide(facts({ conflicts: [other] }))).toEqual({
        ok: false,
        reason: 'overlap',
        facts: { ...QUOTED, standing: 'registered', overlapWith: 'Judo — 14/03/2027 10:30' },
      });
      expect(reason(facts({ conflicts: [other] }), { skip: { overlap: true } })).toBe('ok');
    });

    it('reports the same session before another one', () => {
      const other = conflict({ serviceId: 'ser_judo', blueprintName: 'Judo' });
      expect(reason(facts({ conflicts: [other, conflict()] }))).toBe('already-registered');
    });
  });

  describe('full', () => {
    it('accepts the last free seat and refuses once none is left', () => {
      expect(reason(facts({ session: { maxSeats: 10, reservedSeats: 9 } }))).toBe('ok');
      const full = facts({ session: { maxSeats: 10, reservedSeats: 10 } });
      expect(decide(full)).toEqual({ ok: false, reason: 'full', facts: QUOTED });
    });

    it('never refuses an unlimited session (-1 seats)', () => {
      expect(reason(facts({ session: { maxSeats: -1, reservedSeats: 500 } }))).toBe('ok');
    });

    it('lets a waiting-list request (seat skipped) through a full session', () => {
      expect(reason(facts({ session: { maxSeats: 1, reservedSeats: 1 } }), { skip: { full: true } })).toBe(
        'ok',
      );
    });
  });

  it('words the facts in English for an English caller', () => {
    const f = facts({ session: { minAge: 120 } });
    expect(refusedFacts(decide(f, { locale: 'en' }))).toEqual({ ...QUOTED, ageRule: 'from 10 years' });
  });

  it('names a member without a first name by their full name, or as « participant »', () => {
    const f = facts({ session: { status: 'cancelled' }, member: { ...facts().member!, firstName: ' ' } });
    expect(refusedFacts(decide(f)).memberName).toBe('Martin');
    const anonymous = { ...f, member: { ...f.member!, lastName: '' } };
    expect(refusedFacts(decide(anonymous)).memberName).toBe('Participant');
  });
});

describe('sessionRefusal', () => {
  it('answers only the checks that come before the conditions', () => {
    expect(sessionRefusal(facts(), { now: NOW, locale: 'fr' })).toBeNull();
    expect(sessionRefusal(facts({ session: { maxSeats: 0 } }), { now: NOW, locale: 'fr' })).toBeNull();
    expect(sessionRefusal(facts(), { now: START, locale: 'fr' })?.reason).toBe('session-past');
  });
});

describe('conditionsMayBePending', () => {
  const published = new Date('2027-01-10T00:00:00Z');
  const withConditions = (acceptance: EligibilityFacts['acceptance']) =>
    facts({
      organization: { ...facts().organization, roiPublishedAt: published, legalMentionsPublishedAt: null },
      acceptance,
    });

  it('is false when nothing is published, or the published versions were accepted since', () => {
    expect(conditionsMayBePending(facts(), 'org_a', 'org_a')).toBe(false);
    const accepted = withConditions({ roi: new Date('2027-01-11T00:00:00Z'), legal: null });
    expect(conditionsMayBePending(accepted, 'org_a', 'org_a')).toBe(false);
  });

  it('is true for a version never accepted or accepted before its publication', () => {
    expect(conditionsMayBePending(withConditions(null), 'org_a', 'org_a')).toBe(true);
    const before = withConditions({ roi: new Date('2027-01-09T00:00:00Z'), legal: null });
    expect(conditionsMayBePending(before, 'org_a', 'org_a')).toBe(true);
  });

  it('is true for a caller of another home organisation, whose versions only the service reads', () => {
    expect(conditionsMayBePending(facts(), 'org_a', 'org_b')).toBe(true);
  });
});

describe('refusal', () => {
  it('fills the catalogue text with the facts and says what may be asked instead', () => {
    const decision = decide(facts({ session: { maxSeats: 3, reservedSeats: 3 } }));
    if (decision.ok) throw new Error('expected a refusal');
    expect(refusal('ser_swim', 'mem_lea', decision.reason, 'fr', decision.facts)).toEqual({
      serviceId: 'ser_swim',
      memberId: 'mem_lea',
      reason: 'full',
      message: 'La séance Natation du 14/03/2027 10:00 est complète.',
      canRequest: 'waiting-list',
    });
    expect(
      fullRefusal('ser_swim', 'mem_lea', 'en', {
        activityName: 'Natation',
        startDateTime: START,
        timeZone: ZONE,
      }).message,
    ).toBe('The Natation session of 14/03/2027 10:00 is full.');
  });

  it('offers an age request for an age refusal, a visibility request for a closed activity, else nothing', () => {
    expect(REFUSAL_REQUESTS['too-young']).toBe('age');
    expect(REFUSAL_REQUESTS['too-old']).toBe('age');
    expect(REFUSAL_REQUESTS['self-registration-closed']).toBe('visibility');
    expect(REFUSAL_REQUESTS['session-past']).toBeNull();
  });
});
