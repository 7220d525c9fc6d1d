import { and, asc, count, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { members, representativeInvitations, users } from '../../db/schema';
import type { Account, MemberRow } from '../users/user.repository';
import { newId } from '../../lib/ids';

export type InvitationRow = typeof representativeInvitations.$inferSelect;
export type InvitationStatus = 'pending' | 'accepted' | 'declined' | 'revoked';

/**
 * A family's members and representatives. A family member ("delegated") is a member row with no
 * account (`user_id` null); the adults of the family are its accounts, each with their own member row.
 * Every query is scoped to the organisation and, where it reads a family, to that family.
 */
export function createFamilyRepository(db: Executor) {
  const delegatedOf = (organizationId: string, familyId: string) =>
    and(
      eq(members.organizationId, organizationId),
      eq(members.familyId, familyId),
      isNull(members.userId),
      isNull(members.deletedAt),
    );

  return {
    /** One page of the family's members, youngest last (birthdate, then name). */
    async listMembers(
      organizationId: string,
      familyId: string,
      limit: number,
      offset: number,
    ): Promise<{ rows: MemberRow[]; total: number }> {
      const where = delegatedOf(organizationId, familyId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(members)
          .where(where)
          .orderBy(asc(members.birthdate), asc(members.firstName), asc(members.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(members).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async countMembers(organizationId: string, familyId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(members)
        .where(delegatedOf(organizationId, familyId));
      return row?.n ?? 0;
    },

    /** A live member of the family without an account; undefined for anyone else's. */
    async findMember(
      organizationId: string,
      familyId: string,
      memberId: string,
    ): Promise<MemberRow | undefined> {
      const [row] = await db
        .select()
        .from(members)
        .where(and(delegatedOf(organizationId, familyId), eq(members.id, memberId)));
      return row;
    },

    /** Removes a member from the family's lists; the row stays (registrations, invoices refer to it). */
    async softDeleteMember(organizationId: string, familyId: string, memberId: string, now: Date) {
      await db
        .update(members)
        .set({ deletedAt: now, updatedAt: now })
        .where(and(delegatedOf(organizationId, familyId), eq(members.id, memberId)));
    },

    /** First names of the family's members, for the invitation page (at most 50). */
    async memberFirstNames(organizationId: string, familyId: string): Promise<string[]> {
      const rows = await db
        .select({ firstName: members.firstName })
        .from(members)
        .where(delegatedOf(organizationId, familyId))
        .orderBy(asc(members.birthdate), asc(members.firstName))
        .limit(50);
      return rows.map((r) => r.firstName);
    },

    /** The live accounts (adults) of the family, with their own member, oldest account first. */
    async listAdults(organizationId: string, familyId: string): Promise<Account[]> {
      return db
        .select({ user: users, member: members })
        .from(users)
        .innerJoin(
          members,
          and(eq(members.organizationId, users.organizationId), eq(members.userId, users.id)),
        )
        .where(
          and(
            eq(users.organizationId, organizationId),
            eq(users.familyId, familyId),
            isNull(users.deletedAt),
          ),
        )
        .orderBy(asc(users.createdAt), asc(users.id))
        .limit(100);
    },

    async countOtherAdults(organizationId: string, familyId: string, exceptUserId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .where(
          and(
            eq(users.organizationId, organizationId),
            eq(users.familyId, familyId),
            ne(users.id, exceptUserId),
            isNull(users.deletedAt),
          ),
        );
      return row?.n ?? 0;
    },

    /**
     * Moves an account into another family with its own member and the members of the family it
     * leaves (which then holds nothing live). The members of deleted accounts stay where they were.
     */
    async moveAccountWithFamily(
      organizationId: string,
      userId: string,
      fromFamilyId: string,
      toFamilyId: string,
    ) {
      const now = new Date();
      await db
        .update(users)
        .set({ familyId: toFamilyId, updatedAt: now })
        .where(
          and(
            eq(users.organizationId, organizationId),
            eq(users.id, userId),
            eq(users.familyId, fromFamilyId),
          ),
        );
      await db
        .update(members)
        .set({ familyId: toFamilyId, updatedAt: now })
        .where(
          and(
            eq(members.organizationId, organizationId),
            eq(members.familyId, fromFamilyId),
            or(isNull(members.userId), eq(members.userId, userId)),
          ),
        );
    },

    async insertInvitation(input: {
      organizationId: string;
      familyId: string;
      invitedByUserId: string;
      email: string;
      tokenHash: string;
      expiresAt: Date;
    }): Promise<InvitationRow> {
      const [row] = await db
        .insert(representativeInvitations)
        .values({ id: newId('rpi'), ...input })
        .returning();
      return row!;
    },

    /** The family's invitations still open (pending and not expired), oldest first. */
    async listPendingInvitations(
      organizationId: string,
      familyId: string,
      now: Date,
    ): Promise<InvitationRow[]> {
      return db
        .select()
        .from(representativeInvitations)
        .where(
          and(
            eq(representativeInvitations.organizationId, organizationId),
            eq(representativeInvitations.familyId, familyId),
            eq(representativeInvitations.status, 'pending'),
            gt(representativeInvitations.expiresAt, now),
          ),
        )
        .orderBy(asc(representativeInvitations.createdAt))
        .limit(100);
    },

    /** Every invitation of the family, whatever its status (data export). */
    async listInvitations(organizationId: string, familyId: string): Promise<InvitationRow[]> {
      return db
        .select()
        .from(representativeInvitations)
        .where(
          and(
            eq(representativeInvitations.organizationId, organizationId),
            eq(representativeInvitations.familyId, familyId),
          ),
        )
        .orderBy(asc(representativeInvitations.createdAt));
    },

    /** Looks an invitation up by the hash of its link's token (unique), within the organisation. */
    async findInvitationByHash(
      organizationId: string,
      tokenHash: string,
    ): Promise<InvitationRow | undefined> {
      const [row] = await db
        .select()
        .from(representativeInvitations)
        .where(
          and(
            eq(representativeInvitations.organizationId, organizationId),
            eq(representativeInvitations.tokenHash, tokenHash),
          ),
        );
      return row;
    },

    async findInvitation(
      organizationId: string,
      familyId: string,
      id: string,
    ): Promise<InvitationRow | undefined> {
      const [row] = await db
        .select()
        .from(representativeInvitations)
        .where(
          and(
            eq(representativeInvitations.organizationId, organizationId),
            eq(representativeInvitations.familyId, familyId),
            eq(representativeInvitations.id, id),
          ),
        );
      return row;
    },

    /**
     * Answers a pending, unexpired invitation; false when it was answered, revoked or expired meanwhile
     * (the condition makes concurrent answers safe: one wins).
     */
    async respond(
      organizationId: string,
      id: string,
      status: Exclude<InvitationStatus, 'pending'>,
      now: Date,
      acceptedUserId?: string,
    ): Promise<boolean> {
      const rows = await db
        .update(representativeInvitations)
        .set({ status, respondedAt: now, acceptedUserId: acceptedUserId ?? null })
        .where(
          and(
            eq(representativeInvitations.organizationId, organizationId),
            eq(representativeInvitations.id, id),
            eq(representativeInvitations.status, 'pending'),
            gt(representativeInvitations.expiresAt, now),
          ),
        )
        .returning({ id: representativeInvitations.id });
      return rows.length === 1;
    },

    /** Revokes the family's pending invitations, all or only those to `email` or sent by `invitedByUserId`. */
    async revokePending(
      organizationId: string,
      familyId: string,
      now: Date,
      only: { email?: string; invitedByUserId?: string } = {},
    ): Promise<void> {
      await db
        .update(representativeInvitations)
        .set({ status: 'revoked', respondedAt: now })
        .where(
          and(
            eq(representativeInvitations.organizationId, organizationId),
            eq(representativeInvitations.familyId, familyId),
            eq(representativeInvitations.status, 'pending'),
            only.email
              ? sql`lower(${representativeInvitations.email}) = ${only.email.toLowerCase()}`
              : undefined,
            only.invitedByUserId
              ? eq(representativeInvitations.invitedByUserId, only.invitedByUserId)
              : undefined,
          ),
        );
    },

    /** The accounts behind `userIds` (inviters), deleted ones included, with their own member. */
    async accountsByIds(organizationId: string, userIds: string[]): Promise<Account[]> {
      if (userIds.length === 0) return [];
      return db
        .select({ user: users, member: members })
        .from(users)
        .innerJoin(
          members,
          and(eq(members.organizationId, users.organizationId), eq(members.userId, users.id)),
        )
        .where(and(eq(users.organizationId, organizationId), inArray(users.id, userIds)));
    },
  };
}

export type FamilyRepository = ReturnType<typeof createFamilyRepository>;
