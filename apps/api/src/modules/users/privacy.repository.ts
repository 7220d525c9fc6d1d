import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  auditEvents,
  calendarFeeds,
  certificates,
  members,
  memberTaxIdentities,
  oneTimeCodes,
  passwordResetTokens,
  users,
} from '../../db/schema';
import { randomToken } from '../../lib/crypto';
import type { Account, MemberRow } from './user.repository';

export type AuditEventRow = typeof auditEvents.$inferSelect;

/** Personal columns of a member, blanked by an anonymisation; the row itself stays. */
const BLANK_PERSON = {
  gender: null,
  birthdate: null,
  address: null,
  city: null,
  postalCode: null,
  country: null,
  phoneNumber: null,
  email: null,
} as const;

/**
 * What the platform holds about a family, and the anonymisation of an account. Never deletes a row:
 * registrations, orders and invoices (later issues) refer to accounts and members, and accounting
 * records are kept for the legal retention time (10 years in Belgium and France).
 */
export function createPrivacyRepository(db: Executor) {
  return {
    /** Every account of the family, deleted ones included, with its own member. */
    async familyAccounts(organizationId: string, familyId: string): Promise<Account[]> {
      return db
        .select({ user: users, member: members })
        .from(users)
        .innerJoin(
          members,
          and(eq(members.organizationId, users.organizationId), eq(members.userId, users.id)),
        )
        .where(and(eq(users.organizationId, organizationId), eq(users.familyId, familyId)))
        .orderBy(asc(users.createdAt), asc(users.id));
    },

    /** Every member of the family without an account, removed ones included. */
    async familyMembers(organizationId: string, familyId: string): Promise<MemberRow[]> {
      return db
        .select()
        .from(members)
        .where(
          and(
            eq(members.organizationId, organizationId),
            eq(members.familyId, familyId),
            isNull(members.userId),
          ),
        )
        .orderBy(asc(members.createdAt), asc(members.id));
    },

    /** Audit events whose subject is one of these accounts or members (indexed by subject). */
    async auditAbout(
      organizationId: string,
      userIds: string[],
      memberIds: string[],
    ): Promise<AuditEventRow[]> {
      if (userIds.length === 0 && memberIds.length === 0) return [];
      return db
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.organizationId, organizationId),
            or(
              userIds.length > 0
                ? and(eq(auditEvents.subjectType, 'user'), inArray(auditEvents.subjectId, userIds))
                : undefined,
              memberIds.length > 0
                ? and(eq(auditEvents.subjectType, 'member'), inArray(auditEvents.subjectId, memberIds))
                : undefined,
            ),
          ),
        )
        .orderBy(asc(auditEvents.createdAt), asc(auditEvents.id));
    },

    /** Which of these accounts have a calendar feed, and since when (never the secret address). */
    async calendarFeedsOf(organizationId: string, userIds: string[]) {
      if (userIds.length === 0) return [];
      return db
        .select({ userId: calendarFeeds.userId, createdAt: calendarFeeds.createdAt })
        .from(calendarFeeds)
        .where(and(eq(calendarFeeds.organizationId, organizationId), inArray(calendarFeeds.userId, userIds)));
    },

    /**
     * Blanks the account's personal columns: the e-mail becomes `deleted+<id>@invalid` (the address is
     * free again), no password, no company; `deleted_at` stops every sign-in and session.
     */
    async anonymiseAccount(organizationId: string, userId: string, now: Date): Promise<void> {
      await db
        .update(users)
        .set({
          email: `deleted+${userId}@invalid`,
          passwordHash: null,
          companyName: null,
          companyVatNumber: null,
          companyAddress: null,
          companyCity: null,
          companyPostalCode: null,
          companyCountry: null,
          onboardingAchievements: '',
          deletedAt: now,
          updatedAt: now,
        })
        .where(and(eq(users.organizationId, organizationId), eq(users.id, userId)));
    },

    /** The certificates issued to the family's members (their numbers, amounts and years). */
    async certificatesOf(organizationId: string, memberIds: string[]) {
      if (memberIds.length === 0) return [];
      return db
        .select({
          number: certificates.number,
          kind: certificates.kind,
          year: certificates.year,
          memberId: certificates.memberId,
          amountCents: certificates.amountCents,
          createdAt: certificates.createdAt,
        })
        .from(certificates)
        .where(
          and(eq(certificates.organizationId, organizationId), inArray(certificates.memberId, memberIds)),
        )
        .orderBy(asc(certificates.createdAt), asc(certificates.number));
    },

    /** The national register numbers given for the 281.86 (still sealed) and the debtor's name. */
    async taxIdentitiesOf(organizationId: string, memberIds: string[]) {
      if (memberIds.length === 0) return [];
      return db
        .select()
        .from(memberTaxIdentities)
        .where(
          and(
            eq(memberTaxIdentities.organizationId, organizationId),
            inArray(memberTaxIdentities.memberId, memberIds),
          ),
        );
    },

    /** Blanks members' personal columns, keeping a name that says what happened. */
    async anonymiseMembers(organizationId: string, memberIds: string[], name: string, now: Date) {
      if (memberIds.length === 0) return;
      // The national register numbers were given for the tax certificate only: they go with the person.
      await db
        .delete(memberTaxIdentities)
        .where(
          and(
            eq(memberTaxIdentities.organizationId, organizationId),
            inArray(memberTaxIdentities.memberId, memberIds),
          ),
        );
      await db
        .update(members)
        .set({ ...BLANK_PERSON, firstName: name, lastName: '', deletedAt: now, updatedAt: now })
        .where(and(eq(members.organizationId, organizationId), inArray(members.id, memberIds)));
    },

    /** Voids the account's outstanding links and codes, and replaces its calendar address by an unknown one. */
    async voidCredentials(organizationId: string, userId: string, now: Date): Promise<void> {
      await db
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResetTokens.organizationId, organizationId),
            eq(passwordResetTokens.userId, userId),
            isNull(passwordResetTokens.usedAt),
          ),
        );
      await db
        .update(oneTimeCodes)
        .set({ consumedAt: now })
        .where(
          and(
            eq(oneTimeCodes.organizationId, organizationId),
            eq(oneTimeCodes.userId, userId),
            isNull(oneTimeCodes.consumedAt),
          ),
        );
      await db
        .update(calendarFeeds)
        .set({ token: randomToken() })
        .where(and(eq(calendarFeeds.organizationId, organizationId), eq(calendarFeeds.userId, userId)));
    },
  };
}

export type PrivacyRepository = ReturnType<typeof createPrivacyRepository>;
