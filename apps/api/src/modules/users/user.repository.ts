import { and, desc, eq, gt, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { authSessions, emailChangeTokens, families, members, users } from '../../db/schema';
import { newId } from '../../lib/ids';

export type UserRow = typeof users.$inferSelect;
export type EmailChangeTokenRow = typeof emailChangeTokens.$inferSelect;

/**
 * An id for a row kind that `newId` has no prefix for yet (`lib/ids.ts` lists them): same shape and
 * time order, its own prefix.
 */
export type MemberRow = typeof members.$inferSelect;
export type MemberFields = Partial<
  Pick<
    MemberRow,
    | 'gender'
    | 'firstName'
    | 'lastName'
    | 'birthdate'
    | 'address'
    | 'city'
    | 'postalCode'
    | 'country'
    | 'phoneNumber'
    | 'email'
  >
>;

/** An account with its own member (the person behind it). */
export interface Account {
  user: UserRow;
  member: MemberRow;
}

export interface NewAccount {
  email: string;
  passwordHash: string | null;
  role?: string;
  isHolder?: boolean;
  isSystemAdmin?: boolean;
  establishmentId?: string;
  locale?: string;
  familyId?: string;
  person: MemberFields & { firstName: string; lastName: string };
}

export function createUserRepository(db: Executor) {
  /** The live account of `organizationId` matching `condition`, with its own member. */
  async function findAccount(organizationId: string, condition: SQL): Promise<Account | undefined> {
    const [row] = await db
      .select({ user: users, member: members })
      .from(users)
      .innerJoin(members, and(eq(members.organizationId, users.organizationId), eq(members.userId, users.id)))
      .where(and(eq(users.organizationId, organizationId), isNull(users.deletedAt), condition));
    return row;
  }

  return {
    /** The connection or transaction this repository runs on, for work that must share it (mails). */
    executor: db,

    findAccountByEmail: (organizationId: string, email: string) =>
      findAccount(organizationId, sql`lower(${users.email}) = ${email.trim().toLowerCase()}`),

    findAccountById: (organizationId: string, userId: string) =>
      findAccount(organizationId, eq(users.id, userId)),

    findAccountByMemberId: (organizationId: string, memberId: string) =>
      findAccount(organizationId, eq(members.id, memberId)),

    async emailTaken(organizationId: string, email: string, exceptUserId?: string): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.organizationId, organizationId),
            sql`lower(${users.email}) = ${email.trim().toLowerCase()}`,
          ),
        );
      return rows.some((r) => r.id !== exceptUserId);
    },

    /** Creates the account, its own member and (unless joining one) its family. Run in a transaction. */
    async createAccount(organizationId: string, input: NewAccount): Promise<Account> {
      const familyId = input.familyId ?? newId('fam');
      if (!input.familyId) await db.insert(families).values({ organizationId, id: familyId });
      const [user] = await db
        .insert(users)
        .values({
          organizationId,
          id: newId('usr'),
          familyId,
          email: input.email.trim().toLowerCase(),
          passwordHash: input.passwordHash,
          role: input.role ?? 'user',
          isHolder: input.isHolder ?? false,
          isSystemAdmin: input.isSystemAdmin ?? false,
          establishmentId: input.establishmentId ?? 'est_default',
          locale: input.locale ?? 'fr',
        })
        .returning();
      const [member] = await db
        .insert(members)
        .values({ organizationId, id: newId('mbr'), familyId, userId: user!.id, ...input.person })
        .returning();
      return { user: user!, member: member! };
    },

    async addFamilyMember(
      organizationId: string,
      familyId: string,
      person: MemberFields,
    ): Promise<MemberRow> {
      const [member] = await db
        .insert(members)
        .values({ organizationId, id: newId('mbr'), familyId, ...person })
        .returning();
      return member!;
    },

    async updateUser(organizationId: string, userId: string, fields: Partial<UserRow>): Promise<void> {
      await db
        .update(users)
        .set({ ...fields, updatedAt: new Date() })
        .where(and(eq(users.organizationId, organizationId), eq(users.id, userId)));
    },

    async updateMember(organizationId: string, memberId: string, fields: MemberFields): Promise<void> {
      await db
        .update(members)
        .set({ ...fields, updatedAt: new Date() })
        .where(and(eq(members.organizationId, organizationId), eq(members.id, memberId)));
    },

    /** Adds `achievement` to the comma-separated list unless present; one statement, so races keep both. */
    async addOnboardingAchievement(
      organizationId: string,
      userId: string,
      achievement: string,
    ): Promise<void> {
      await db
        .update(users)
        .set({
          onboardingAchievements: sql`case
            when ${users.onboardingAchievements} = '' then ${achievement}
            when ${achievement} = any(string_to_array(${users.onboardingAchievements}, ',')) then ${users.onboardingAchievements}
            else ${users.onboardingAchievements} || ',' || ${achievement} end`,
          updatedAt: new Date(),
        })
        .where(and(eq(users.organizationId, organizationId), eq(users.id, userId)));
    },

    /** Ends the user's sessions, all of them or all but `exceptSessionId`. */
    async revokeSessions(
      organizationId: string,
      userId: string,
      reason: string,
      exceptSessionId?: string,
    ): Promise<void> {
      await db
        .update(authSessions)
        .set({ revokedAt: new Date(), revokedReason: reason })
        .where(
          and(
            eq(authSessions.organizationId, organizationId),
            eq(authSessions.userId, userId),
            isNull(authSessions.revokedAt),
            exceptSessionId ? ne(authSessions.id, exceptSessionId) : undefined,
          ),
        );
    },

    /** A new e-mail change link for the user; the previous unused ones stop working. */
    async insertEmailChangeToken(input: {
      organizationId: string;
      userId: string;
      newEmail: string;
      tokenHash: string;
      expiresAt: Date;
      now: Date;
    }): Promise<void> {
      const { now, ...row } = input;
      await db
        .update(emailChangeTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailChangeTokens.organizationId, input.organizationId),
            eq(emailChangeTokens.userId, input.userId),
            isNull(emailChangeTokens.usedAt),
          ),
        );
      await db.insert(emailChangeTokens).values({ id: newId('emc'), ...row });
    },

    /** The address the user asked to move to and has not confirmed yet, if still valid. */
    async findPendingEmailChange(
      organizationId: string,
      userId: string,
      now: Date,
    ): Promise<EmailChangeTokenRow | undefined> {
      const [row] = await db
        .select()
        .from(emailChangeTokens)
        .where(
          and(
            eq(emailChangeTokens.organizationId, organizationId),
            eq(emailChangeTokens.userId, userId),
            isNull(emailChangeTokens.usedAt),
            gt(emailChangeTokens.expiresAt, now),
          ),
        )
        .orderBy(desc(emailChangeTokens.createdAt))
        .limit(1);
      return row;
    },

    /** Uses an e-mail change link once; undefined when unknown, used or expired. */
    async consumeEmailChangeToken(
      organizationId: string,
      tokenHash: string,
      now: Date,
    ): Promise<EmailChangeTokenRow | undefined> {
      const [row] = await db
        .update(emailChangeTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailChangeTokens.organizationId, organizationId),
            eq(emailChangeTokens.tokenHash, tokenHash),
            isNull(emailChangeTokens.usedAt),
            gt(emailChangeTokens.expiresAt, now),
          ),
        )
        .returning();
      return row;
    },

    /** Voids every unused e-mail change link of the user (account deleted). */
    async voidEmailChangeTokens(organizationId: string, userId: string, now: Date): Promise<void> {
      await db
        .update(emailChangeTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailChangeTokens.organizationId, organizationId),
            eq(emailChangeTokens.userId, userId),
            isNull(emailChangeTokens.usedAt),
          ),
        );
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
