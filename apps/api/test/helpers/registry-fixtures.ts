import { expect } from 'vitest';
import {
  blueprints,
  establishments,
  families,
  members,
  organizations,
  participants,
  periods,
  services,
} from '../../src/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/demo/accounts';
import { newId } from '../../src/lib/ids';
import { hashPassword } from '../../src/lib/password';
import { createUserRepository } from '../../src/modules/users/user.repository';
import type { TestApp } from './test-app';

/*
 * Fixtures of the registrations tests (registry, reviews, invitations, waiting list, 'Mes activités'):
 * the demo accounts signed in, two more families, activities of every visibility in both establishments,
 * sessions a few weeks ahead, another organisation with its own participant, and the seat invariant.
 */

export const ORG = 'org_demo';
export type Who = 'admin' | 'manager' | 'estManager' | 'holder' | 'parent' | 'parent2' | 'parent3';

export const DAY = 86_400_000;

export interface RegistryFixture {
  tokens: Record<Who, string>;
  emails: Record<Who, string>;
  /** Members by first name: Léa and Tom (parent), Zoé (parent2), Noé (parent3), Hugo (holder's family). */
  members: Record<'lea' | 'tom' | 'zoe' | 'noe' | 'parent', string>;
  families: Record<'parent' | 'parent2' | 'parent3', string>;
  /** A participant of another organisation. */
  otherParticipantId: string;
  otherServiceId: string;
  otherMemberId: string;
  /** Signs everyone in again (after the test clock moved past the access tokens' life). */
  signInAgain: () => Promise<void>;
  call: (
    who: Who,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    query?: Record<string, string>,
    locale?: 'fr' | 'en',
  ) => ReturnType<TestApp['request']>;
}

/** Activities: public 6–12 years (2 seats), public pool (est_piscine), private, protected, adults 18+. */
export const BP = {
  public: 'bp_r_public',
  pool: 'bp_r_pool',
  private: 'bp_r_private',
  protected: 'bp_r_protected',
  adults: 'bp_r_adults',
} as const;

export async function setupRegistry(t: TestApp): Promise<RegistryFixture> {
  const tokens = {} as Record<Who, string>;
  const emails = {} as Record<Who, string>;
  for (const who of ['admin', 'manager', 'estManager', 'holder', 'parent'] as const) {
    tokens[who] = (await t.signIn(DEMO_ACCOUNTS[who])).accessToken;
    emails[who] = DEMO_ACCOUNTS[who];
  }
  const users = createUserRepository(t.db);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const parent2 = await users.createAccount(ORG, {
    email: 'parent2@demo.test',
    passwordHash,
    person: { firstName: 'Claire', lastName: 'Martin', birthdate: '1984-02-01' },
  });
  const zoe = await users.addFamilyMember(ORG, parent2.user.familyId, {
    firstName: 'Zoé',
    lastName: 'Martin',
    birthdate: '2017-05-20',
  });
  const parent3 = await users.createAccount(ORG, {
    email: 'parent3@demo.test',
    passwordHash,
    locale: 'en',
    person: { firstName: 'Paul', lastName: 'Renard', birthdate: '1980-07-07' },
  });
  const noe = await users.addFamilyMember(ORG, parent3.user.familyId, {
    firstName: 'Noé',
    lastName: 'Renard',
    birthdate: '2018-09-09',
  });
  for (const who of ['parent2', 'parent3'] as const) {
    emails[who] = `${who}@demo.test`;
    tokens[who] = (await t.signIn(emails[who])).accessToken;
  }

  const parentSession = await t.signIn(DEMO_ACCOUNTS.parent);
  const [parentFamily] = await t.database.query<{ family_id: string }>(
    `select family_id from users where organization_id = $1 and id = $2`,
    [ORG, parentSession.user.id],
  );
  const familyMembers = await t.database.query<{ id: string; first_name: string }>(
    `select id, first_name from members where organization_id = $1 and family_id = $2`,
    [ORG, parentFamily!.family_id],
  );
  const byName = (name: string) => familyMembers.find((m) => m.first_name === name)!.id;

  const YEAR = 12;
  await t.db.insert(blueprints).values([
    {
      organizationId: ORG,
      id: BP.public,
      name: 'Judo test',
      duration: 60,
      maxSeats: 2,
      price: 1000,
      minAge: 6 * YEAR,
      maxAge: 12 * YEAR,
      visibility: 'public',
    },
    {
      organizationId: ORG,
      id: BP.pool,
      establishmentId: 'est_piscine',
      name: 'Plongeon test',
      duration: 45,
      maxSeats: 5,
      visibility: 'public',
    },
    {
      organizationId: ORG,
      id: BP.private,
      name: 'Élite test',
      duration: 60,
      maxSeats: 5,
      visibility: 'private',
    },
    {
      organizationId: ORG,
      id: BP.protected,
      name: 'Escalade test',
      duration: 60,
      maxSeats: 5,
      visibility: 'protected',
    },
    {
      organizationId: ORG,
      id: BP.adults,
      name: 'Pilates test',
      duration: 60,
      maxSeats: 5,
      minAge: 18 * YEAR,
      visibility: 'public',
    },
  ]);

  // Another organisation with a family registered to one of its sessions.
  await t.db.insert(organizations).values({ id: 'org_other', key: 'other', name: 'Autre club' });
  await t.db.insert(establishments).values({ organizationId: 'org_other', id: 'est_default', name: 'Salle' });
  await t.db.insert(families).values({ organizationId: 'org_other', id: 'fam_other' });
  await t.db
    .insert(members)
    .values({ organizationId: 'org_other', id: 'mbr_other', familyId: 'fam_other', firstName: 'Autre' });
  await t.db.insert(blueprints).values({
    organizationId: 'org_other',
    id: 'bp_other',
    name: 'Autre',
    duration: 60,
    maxSeats: 5,
    visibility: 'public',
  });
  await t.db.insert(services).values({
    organizationId: 'org_other',
    id: 'svc_other',
    blueprintId: 'bp_other',
    startDateTime: new Date(Date.now() + 20 * DAY),
    duration: 60,
    maxSeats: 5,
    reservedSeats: 1,
  });
  await t.db.insert(participants).values({
    organizationId: 'org_other',
    id: 'reg_other',
    serviceId: 'svc_other',
    memberId: 'mbr_other',
    familyId: 'fam_other',
    status: 'confirmed',
    holdsSeat: true,
  });

  return {
    tokens,
    emails,
    members: {
      lea: byName('Léa'),
      tom: byName('Tom'),
      parent: parentSession.user.memberId,
      zoe: zoe.id,
      noe: noe.id,
    },
    families: {
      parent: parentFamily!.family_id,
      parent2: parent2.user.familyId,
      parent3: parent3.user.familyId,
    },
    otherParticipantId: 'reg_other',
    otherServiceId: 'svc_other',
    otherMemberId: 'mbr_other',
    signInAgain: async () => {
      for (const who of Object.keys(emails) as Who[]) tokens[who] = (await t.signIn(emails[who])).accessToken;
    },
    call: (who, method, url, body, query, locale = 'fr') =>
      t.request(method, url, {
        token: tokens[who],
        organizationId: ORG,
        body,
        query,
        headers: { 'accept-language': locale },
      }),
  };
}

/** A session of the activity `daysAhead` days from now (18:00 UTC), in the period if given. */
export async function createSession(
  t: TestApp,
  blueprintId: string,
  options: { daysAhead?: number; start?: Date; maxSeats?: number; periodId?: string; duration?: number } = {},
): Promise<string> {
  const id = newId('svc');
  const start = options.start ?? new Date(Date.now() + (options.daysAhead ?? 14) * DAY);
  if (!options.start) start.setUTCHours(18, 0, 0, 0);
  await t.db.insert(services).values({
    organizationId: ORG,
    id,
    blueprintId,
    periodId: options.periodId ?? null,
    startDateTime: start,
    duration: options.duration ?? 60,
    maxSeats: options.maxSeats ?? 2,
  });
  return id;
}

export async function createPeriod(t: TestApp, name: string, startDate: string, endDate: string) {
  const id = newId('per');
  await t.db.insert(periods).values({ organizationId: ORG, id, name, startDate, endDate });
  return id;
}

/**
 * The seat invariant: each session's `reserved_seats` equals its participants holding a seat, and only
 * invited, reserved or confirmed participants hold one.
 */
export async function expectSeatsConsistent(t: TestApp, serviceIds?: readonly string[]) {
  const rows = await t.database.query<{ id: string; reserved_seats: number; holding: string }>(
    `select s.id, s.reserved_seats,
       (select count(*) from participants p
         where p.organization_id = s.organization_id and p.service_id = s.id and p.holds_seat) as holding
     from services s where s.organization_id = $1 ${serviceIds ? 'and s.id = any($2::text[])' : ''}`,
    serviceIds ? [ORG, serviceIds] : [ORG],
  );
  if (serviceIds) expect(rows.length).toBe(new Set(serviceIds).size);
  for (const row of rows) {
    expect({ id: row.id, seats: Number(row.reserved_seats) }).toEqual({
      id: row.id,
      seats: Number(row.holding),
    });
  }
  const [wrong] = await t.database.query<{ n: string }>(
    `select count(*) as n from participants
      where organization_id = $1 and holds_seat and status not in ('invited', 'reserved', 'confirmed')`,
    [ORG],
  );
  expect(Number(wrong!.n)).toBe(0);
}

/** The participant row as stored. */
export async function participantRow(t: TestApp, id: string) {
  const [row] = await t.database.query<{
    status: string;
    holds_seat: boolean;
    cart_linked: boolean;
    service_id: string;
    hold_expires_at: Date | null;
    invitation_expires_at: Date | null;
    review_reason: string | null;
    review_answer: string | null;
    reviewed_by_user_id: string | null;
    cancel_reason: string | null;
    cancelled_at: Date | null;
  }>(`select * from participants where organization_id = $1 and id = $2`, [ORG, id]);
  return row!;
}

/** Audit events of a participant, oldest first. */
export async function auditTypes(t: TestApp, participantId: string) {
  const rows = await t.database.query<{ type: string }>(
    `select type from audit_events where organization_id = $1 and subject_id = $2 order by created_at, id`,
    [ORG, participantId],
  );
  return rows.map((r) => r.type);
}
