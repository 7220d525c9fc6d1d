import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  authSessions,
  oneTimeCodes,
  organizations,
  passwordResetTokens,
  refreshTokens,
  users,
} from '../../db/schema';
import { newId } from '../../lib/ids';
import { forgetSession, forgetUserSessions } from './session-cache';

export type AuthSessionRow = typeof authSessions.$inferSelect;

/** Sessions, refresh tokens, sign-in codes and reset links. Every query is scoped to the organisation. */
export function createAuthRepository(db: Executor) {
  // What every signed-in request needs, and no more: it runs once per API request.
  const liveSessionUser = db
    .select({
      user: {
        id: users.id,
        role: users.role,
        isHolder: users.isHolder,
        isSystemAdmin: users.isSystemAdmin,
        familyId: users.familyId,
        establishmentId: users.establishmentId,
        email: users.email,
        locale: users.locale,
      },
      session: { impersonatorUserId: authSessions.impersonatorUserId },
      // The account's organisation's state: in maintenance or archived, only platform staff get through.
      organization: { maintenance: organizations.maintenance, archivedAt: organizations.archivedAt },
    })
    .from(authSessions)
    .innerJoin(
      users,
      and(eq(users.organizationId, authSessions.organizationId), eq(users.id, authSessions.userId)),
    )
    .innerJoin(organizations, eq(organizations.id, authSessions.organizationId))
    .where(
      and(
        eq(authSessions.organizationId, sql.placeholder('organizationId')),
        eq(authSessions.id, sql.placeholder('sessionId')),
        eq(authSessions.userId, sql.placeholder('userId')),
        isNull(authSessions.revokedAt),
        isNull(users.deletedAt),
      ),
    )
    .prepare('auth_live_session_user');

  return {
    async createSession(input: {
      organizationId: string;
      userId: string;
      method: string;
      impersonatorUserId?: string;
      impersonatorOrganizationId?: string;
      actingOrganizationId?: string;
    }): Promise<AuthSessionRow> {
      const [row] = await db
        .insert(authSessions)
        .values({ id: newId('ses'), ...input })
        .returning();
      return row!;
    },

    async findSession(organizationId: string, sessionId: string): Promise<AuthSessionRow | undefined> {
      const [row] = await db
        .select()
        .from(authSessions)
        .where(and(eq(authSessions.organizationId, organizationId), eq(authSessions.id, sessionId)));
      return row;
    },

    async revokeSession(organizationId: string, sessionId: string, reason: string): Promise<void> {
      await db
        .update(authSessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(
          and(
            eq(authSessions.organizationId, organizationId),
            eq(authSessions.id, sessionId),
            isNull(authSessions.revokedAt),
          ),
        );
      // This instance stops trusting its cached lookup at once (session-cache.ts); every instance also
      // hears the revocation when it commits (the session_changes channel, migration 0013).
      forgetSession(organizationId, sessionId);
    },

    async revokeAllSessionsOfUser(organizationId: string, userId: string, reason: string): Promise<void> {
      await db
        .update(authSessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(
          and(
            eq(authSessions.organizationId, organizationId),
            eq(authSessions.userId, userId),
            isNull(authSessions.revokedAt),
          ),
        );
      forgetUserSessions(organizationId, userId);
    },

    async insertRefreshToken(input: {
      organizationId: string;
      sessionId: string;
      tokenHash: string;
      expiresAt: Date;
    }): Promise<void> {
      await db.insert(refreshTokens).values({ id: newId('rft'), ...input });
    },

    /** Looks a refresh token up by its hash alone: the hash is the credential, unique platform-wide. */
    async findRefreshToken(tokenHash: string) {
      const [row] = await db
        .select({ token: refreshTokens, session: authSessions })
        .from(refreshTokens)
        .innerJoin(
          authSessions,
          and(
            eq(authSessions.organizationId, refreshTokens.organizationId),
            eq(authSessions.id, refreshTokens.sessionId),
          ),
        )
        .where(eq(refreshTokens.tokenHash, tokenHash));
      return row;
    },

    /** Marks the token used; false when another request used it first (a replay). */
    async markRefreshTokenUsed(organizationId: string, id: string): Promise<boolean> {
      const rows = await db
        .update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(refreshTokens.organizationId, organizationId),
            eq(refreshTokens.id, id),
            isNull(refreshTokens.usedAt),
          ),
        )
        .returning({ id: refreshTokens.id });
      return rows.length === 1;
    },

    async insertOneTimeCode(input: {
      organizationId: string;
      userId: string;
      codeHash: string;
      expiresAt: Date;
    }) {
      // A new code replaces the previous ones: only the latest e-mailed code works.
      await db
        .update(oneTimeCodes)
        .set({ consumedAt: new Date() })
        .where(
          and(
            eq(oneTimeCodes.organizationId, input.organizationId),
            eq(oneTimeCodes.userId, input.userId),
            isNull(oneTimeCodes.consumedAt),
          ),
        );
      await db.insert(oneTimeCodes).values({ id: newId('otp'), ...input });
    },

    async findLiveOneTimeCode(organizationId: string, userId: string, now: Date) {
      const [row] = await db
        .select()
        .from(oneTimeCodes)
        .where(
          and(
            eq(oneTimeCodes.organizationId, organizationId),
            eq(oneTimeCodes.userId, userId),
            isNull(oneTimeCodes.consumedAt),
            gt(oneTimeCodes.expiresAt, now),
          ),
        )
        .orderBy(desc(oneTimeCodes.createdAt))
        .limit(1);
      return row;
    },

    /** Counts a wrong try; the code dies at `maxAttempts`. */
    async recordFailedCodeAttempt(organizationId: string, id: string, maxAttempts: number): Promise<void> {
      await db
        .update(oneTimeCodes)
        .set({
          attempts: sql`${oneTimeCodes.attempts} + 1`,
          consumedAt: sql`case when ${oneTimeCodes.attempts} + 1 >= ${maxAttempts} then now() else null end`,
        })
        .where(and(eq(oneTimeCodes.organizationId, organizationId), eq(oneTimeCodes.id, id)));
    },

    /** Consumes the code once; false if a concurrent request consumed it first. */
    async consumeOneTimeCode(organizationId: string, id: string): Promise<boolean> {
      const rows = await db
        .update(oneTimeCodes)
        .set({ consumedAt: new Date() })
        .where(
          and(
            eq(oneTimeCodes.organizationId, organizationId),
            eq(oneTimeCodes.id, id),
            isNull(oneTimeCodes.consumedAt),
          ),
        )
        .returning({ id: oneTimeCodes.id });
      return rows.length === 1;
    },

    async insertPasswordResetToken(input: {
      organizationId: string;
      userId: string;
      tokenHash: string;
      expiresAt: Date;
    }) {
      await db.insert(passwordResetTokens).values({ id: newId('pwr'), ...input });
    },

    /** Uses a reset link once; returns its owner, or undefined if unknown, used or expired. */
    async consumePasswordResetToken(tokenHash: string, now: Date) {
      const [row] = await db
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResetTokens.tokenHash, tokenHash),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, now),
          ),
        )
        .returning({
          organizationId: passwordResetTokens.organizationId,
          userId: passwordResetTokens.userId,
        });
      return row;
    },

    /**
     * The account behind an access token, if both it and the session are still alive. Runs on every
     * authenticated request: built once as a prepared statement.
     */
    findLiveSessionUser: (organizationId: string, userId: string, sessionId: string) =>
      liveSessionUser.execute({ organizationId, userId, sessionId }).then(([row]) => row),
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
