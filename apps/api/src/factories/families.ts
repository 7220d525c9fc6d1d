import type { AppContext } from '../app-context';
import type { Executor } from '../db/client';
import { authSessions, families, members, users } from '../db/schema';
import { newId } from '../lib/ids';

/*
 * Families (a parent's account and a child), many at once: a few statements per 500 families, no
 * password hashing, so that a test or a benchmark may have thousands. With `tokens`, each is signed in
 * (a session and an access token minted as sign-in does); without, they are accounts that never signed
 * in, as the members administration lists them.
 */

export interface FamilyFixture {
  familyId: string;
  userId: string;
  email: string;
  /** The child registered in the tests. */
  childId: string;
  sessionId: string;
  token: string;
}

export interface FamiliesOptions {
  organizationId?: string;
  childBirthdate?: string;
  prefix?: string;
  locale?: string;
  /** The parents' e-mail domain (default test.be). */
  domain?: string;
  /** The parent's and the child's first names, the family name (default Parent, Enfant, Famille{i}). */
  names?: (i: number) => { parent: string; child: string; lastName: string };
}

/** `count` families (parent account + one child born on `childBirthdate`), signed in when `tokens` is given. */
export async function createFamilies(
  ctx: { db: Executor; tokens?: AppContext['tokens'] },
  count: number,
  options: FamiliesOptions = {},
): Promise<FamilyFixture[]> {
  const organizationId = options.organizationId ?? 'org_demo';
  const prefix = options.prefix ?? newId('fam').slice(-8);
  const names = options.names ?? ((i) => ({ parent: 'Parent', child: 'Enfant', lastName: `Famille${i}` }));
  const rows = Array.from({ length: count }, (_, i) => ({
    familyId: newId('fam'),
    userId: newId('usr'),
    email: `famille-${prefix}-${i}@${options.domain ?? 'test.be'}`,
    childId: newId('mbr'),
    sessionId: newId('ses'),
    i,
    name: names(i),
  }));
  // Families that already accepted the club's rules and legal mentions in force (the demo club publishes
  // both): a later publication asks them again, as it asks anyone.
  const acceptedAt = new Date();
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
        hasAcceptedRoiAt: acceptedAt,
        hasAcceptedLegalMentionsAt: acceptedAt,
      })),
    );
    await ctx.db.insert(members).values(
      chunk.flatMap((r) => [
        {
          organizationId,
          id: newId('mbr'),
          familyId: r.familyId,
          userId: r.userId,
          firstName: r.name.parent,
          lastName: r.name.lastName,
          birthdate: '1985-01-01',
          email: r.email,
        },
        {
          organizationId,
          id: r.childId,
          familyId: r.familyId,
          firstName: r.name.child,
          lastName: r.name.lastName,
          birthdate: options.childBirthdate ?? '2016-05-01',
        },
      ]),
    );
    if (ctx.tokens) {
      await ctx.db
        .insert(authSessions)
        .values(
          chunk.map((r) => ({ organizationId, id: r.sessionId, userId: r.userId, method: 'password' })),
        );
    }
  }
  const tokens = ctx.tokens;
  return Promise.all(
    rows.map(async (r) => ({
      familyId: r.familyId,
      userId: r.userId,
      email: r.email,
      childId: r.childId,
      sessionId: r.sessionId,
      token: tokens
        ? (await tokens.sign({ userId: r.userId, organizationId, sessionId: r.sessionId })).token
        : '',
    })),
  );
}
