import type { AppContext } from '../../src/app-context';
import type { Database } from '../../src/db/client';
import {
  authSessions,
  blueprints,
  blueprintSupplements,
  families,
  members,
  periods,
  services,
  users,
} from '../../src/db/schema';
import { newId } from '../../src/lib/ids';

/*
 * Fixtures of the cart and order tests: activities with sessions, and many signed-in families made in a
 * few inserts (no sign-up, no password hashing), each with an access token minted like sign-in does.
 */

export interface ActivityFixture {
  organizationId?: string;
  visibility?: 'hidden' | 'private' | 'protected' | 'public';
  name?: string;
  price?: number;
  taxPercentage?: number;
  maxSeats?: number;
  minAge?: number | null;
  maxAge?: number | null;
  supplements?: {
    name: string;
    price: number;
    minAge?: number | null;
    maxAge?: number | null;
    /** Default 'once' per participant, activity and period. */
    frequency?: 'once' | 'per-session';
  }[];
  /** Start instants of its sessions. */
  sessions: {
    start: Date;
    duration?: number;
    maxSeats?: number;
    periodId?: string | null;
    status?: string;
  }[];
}

export async function createActivity(db: Database, fixture: ActivityFixture) {
  const organizationId = fixture.organizationId ?? 'org_demo';
  const blueprintId = newId('bp');
  await db.insert(blueprints).values({
    organizationId,
    id: blueprintId,
    name: fixture.name ?? 'Activité test',
    duration: 60,
    price: fixture.price ?? 1000,
    taxPercentage: fixture.taxPercentage ?? 0,
    maxSeats: fixture.maxSeats ?? 10,
    minAge: fixture.minAge ?? null,
    maxAge: fixture.maxAge ?? null,
    visibility: fixture.visibility ?? 'public',
  });
  const supplementIds: string[] = [];
  for (const [position, s] of (fixture.supplements ?? []).entries()) {
    const id = newId('sup');
    supplementIds.push(id);
    await db.insert(blueprintSupplements).values({
      organizationId,
      id,
      blueprintId,
      name: s.name,
      price: s.price,
      minAge: s.minAge ?? null,
      maxAge: s.maxAge ?? null,
      frequency: s.frequency ?? 'once',
      position,
    });
  }
  const serviceIds = fixture.sessions.map(() => newId('svc'));
  if (serviceIds.length > 0) {
    await db.insert(services).values(
      fixture.sessions.map((s, i) => ({
        organizationId,
        id: serviceIds[i]!,
        blueprintId,
        periodId: s.periodId ?? null,
        startDateTime: s.start,
        duration: s.duration ?? 60,
        maxSeats: s.maxSeats ?? fixture.maxSeats ?? 10,
        status: s.status ?? 'confirmed',
      })),
    );
  }
  return { blueprintId, serviceIds, supplementIds };
}

export async function createPeriod(
  db: Database,
  input: { organizationId?: string; registrationOpensAt?: Date | null },
) {
  const id = newId('per');
  await db.insert(periods).values({
    organizationId: input.organizationId ?? 'org_demo',
    id,
    name: `Période ${id.slice(-4)}`,
    startDate: '2026-01-01',
    endDate: '2030-12-31',
    registrationOpensAt: input.registrationOpensAt ?? null,
  });
  return id;
}

export interface FamilyFixture {
  familyId: string;
  userId: string;
  email: string;
  /** The child registered in the tests. */
  childId: string;
  sessionId: string;
  token: string;
}

/** A fresh access token for a family (after the test clock moved past the token's 15 minutes). */
export async function signAgain(
  ctx: Pick<AppContext, 'tokens'>,
  family: FamilyFixture,
  organizationId = 'org_demo',
) {
  family.token = (
    await ctx.tokens.sign({ userId: family.userId, organizationId, sessionId: family.sessionId })
  ).token;
  return family.token;
}

/** `count` families (parent account + one child born on `childBirthdate`), signed in. */
export async function createFamilies(
  ctx: Pick<AppContext, 'db' | 'tokens'>,
  count: number,
  options: { organizationId?: string; childBirthdate?: string; prefix?: string; locale?: string } = {},
): Promise<FamilyFixture[]> {
  const organizationId = options.organizationId ?? 'org_demo';
  const prefix = options.prefix ?? newId('fam').slice(-8);
  const rows = Array.from({ length: count }, (_, i) => ({
    familyId: newId('fam'),
    userId: newId('usr'),
    email: `famille-${prefix}-${i}@test.be`,
    childId: newId('mbr'),
    sessionId: newId('ses'),
    i,
  }));
  const CHUNK = 500;
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    await ctx.db.insert(families).values(chunk.map((r) => ({ organizationId, id: r.familyId })));
    await ctx.db.insert(users).values(
      chunk.map((r) => ({
        organizationId,
        id: r.userId,
        familyId: r.familyId,
        email: r.email,
        passwordHash: null,
        locale: options.locale ?? 'fr',
      })),
    );
    await ctx.db.insert(members).values(
      chunk.flatMap((r) => [
        {
          organizationId,
          id: newId('mbr'),
          familyId: r.familyId,
          userId: r.userId,
          firstName: 'Parent',
          lastName: `Famille${r.i}`,
          birthdate: '1985-01-01',
          email: r.email,
        },
        {
          organizationId,
          id: r.childId,
          familyId: r.familyId,
          firstName: 'Enfant',
          lastName: `Famille${r.i}`,
          birthdate: options.childBirthdate ?? '2016-05-01',
        },
      ]),
    );
    await ctx.db
      .insert(authSessions)
      .values(chunk.map((r) => ({ organizationId, id: r.sessionId, userId: r.userId, method: 'password' })));
  }
  return Promise.all(
    rows.map(async (r) => ({
      familyId: r.familyId,
      userId: r.userId,
      email: r.email,
      childId: r.childId,
      sessionId: r.sessionId,
      token: (await ctx.tokens.sign({ userId: r.userId, organizationId, sessionId: r.sessionId })).token,
    })),
  );
}
