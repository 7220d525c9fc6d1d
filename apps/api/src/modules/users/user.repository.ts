import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { families, members, users } from '../../db/schema';
import { newId } from '../../lib/ids';

export type UserRow = typeof users.$inferSelect;
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
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
