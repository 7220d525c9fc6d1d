import type { MemberListKind, MemberSort, Role, SortOrder } from '@inscrio/shared';
import { and, count, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { establishments, members, passwordResetTokens, users } from '../../db/schema';
import { newId } from '../../lib/ids';

export type MemberRow = typeof members.$inferSelect;
export type UserRow = typeof users.$inferSelect;

export interface MemberFilter {
  kind: MemberListKind;
  /** Part of the name or e-mail, case-insensitive. */
  q?: string;
  /** The establishment asked for in the filter. */
  establishmentId?: string;
  /** An establishment manager's own establishment: the only one they may see. */
  scopeEstablishmentId: string | null;
  role?: Role;
}

export interface MemberSorting {
  sort: MemberSort;
  order: SortOrder;
}

/** One account of a list: the account, its own person and its establishment. */
export interface MemberListRow {
  userId: string;
  memberId: string;
  familyId: string;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  role: string;
  isHolder: boolean;
  establishmentId: string;
  establishmentName: string;
  lastLoginAt: Date | null;
  createdAt: Date;
}

/** An account with its own member and the name of its establishment. */
export interface MemberAccount {
  user: UserRow;
  member: MemberRow;
  establishmentName: string;
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

const ownMember = and(eq(members.organizationId, users.organizationId), eq(members.userId, users.id));
const ofEstablishment = and(
  eq(establishments.organizationId, users.organizationId),
  eq(establishments.id, users.establishmentId),
);

/** Members of the account's family still present: the family size a list shows and sorts on. */
const familySizeExpression = sql<number>`(select count(*) from ${members} f where f.organization_id = ${users.organizationId} and f.family_id = ${users.familyId} and f.deleted_at is null)`;

/** The display name without its last fallback (an account always has an e-mail), for sorting. */
const nameExpression = sql`lower(coalesce(nullif(trim(${members.firstName} || ' ' || ${members.lastName}), ''), ${users.email}))`;

function orderBy({ sort, order }: MemberSorting): SQL[] {
  const direction = order === 'desc' ? sql`desc` : sql`asc`;
  const key = {
    name: nameExpression,
    email: sql`lower(${users.email})`,
    lastLoginAt: sql`${users.lastLoginAt}`,
    createdAt: sql`${users.createdAt}`,
    familySize: familySizeExpression,
  }[sort];
  // Never signed in sorts last whichever the order; the id keeps pages stable between equal keys.
  return [sql`${key} ${direction} nulls last`, sql`${users.id} asc`];
}

/**
 * Accounts and their persons, for the members administration. Every query is scoped by
 * `organizationId`; deleted accounts and members are left out.
 */
export function createMembersRepository(db: Executor) {
  function where(organizationId: string, filter: MemberFilter): SQL | undefined {
    const term = filter.q?.trim();
    const pattern = term ? `%${escapeLike(term)}%` : undefined;
    return and(
      eq(users.organizationId, organizationId),
      isNull(users.deletedAt),
      filter.scopeEstablishmentId ? eq(users.establishmentId, filter.scopeEstablishmentId) : undefined,
      filter.establishmentId ? eq(users.establishmentId, filter.establishmentId) : undefined,
      filter.role ? eq(users.role, filter.role) : undefined,
      filter.kind === 'participants' ? and(eq(users.role, 'user'), eq(users.isHolder, false)) : undefined,
      filter.kind === 'holders' ? and(eq(users.role, 'user'), eq(users.isHolder, true)) : undefined,
      pattern
        ? or(
            ilike(sql`${members.firstName} || ' ' || ${members.lastName}`, pattern),
            ilike(sql`${members.lastName} || ' ' || ${members.firstName}`, pattern),
            ilike(users.email, pattern),
          )
        : undefined,
    );
  }

  const listColumns = {
    userId: users.id,
    memberId: members.id,
    familyId: users.familyId,
    email: users.email,
    firstName: members.firstName,
    lastName: members.lastName,
    phoneNumber: members.phoneNumber,
    role: users.role,
    isHolder: users.isHolder,
    establishmentId: users.establishmentId,
    establishmentName: establishments.name,
    lastLoginAt: users.lastLoginAt,
    createdAt: users.createdAt,
  };

  async function rows(
    organizationId: string,
    filter: MemberFilter,
    sorting: MemberSorting,
    page: { limit: number; offset: number },
  ): Promise<MemberListRow[]> {
    return db
      .select(listColumns)
      .from(users)
      .innerJoin(members, ownMember)
      .innerJoin(establishments, ofEstablishment)
      .where(where(organizationId, filter))
      .orderBy(...orderBy(sorting))
      .limit(page.limit)
      .offset(page.offset);
  }

  return {
    rows,

    /** One page and the total number of matching accounts (two queries at most). */
    async list(
      organizationId: string,
      filter: MemberFilter,
      sorting: MemberSorting,
      page: { limit: number; offset: number },
    ): Promise<{ rows: MemberListRow[]; total: number }> {
      const found = await rows(organizationId, filter, sorting, page);
      // The count is only needed when the page does not already tell it.
      if (page.offset === 0 && found.length < page.limit) return { rows: found, total: found.length };
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .innerJoin(members, ownMember)
        .where(where(organizationId, filter));
      return { rows: found, total: row!.n };
    },

    /** Family sizes (members not deleted) of the given families, in one grouped query. */
    async familySizes(organizationId: string, familyIds: string[]): Promise<Map<string, number>> {
      const unique = [...new Set(familyIds)];
      if (unique.length === 0) return new Map();
      const found = await db
        .select({ familyId: members.familyId, n: count() })
        .from(members)
        .where(
          and(
            eq(members.organizationId, organizationId),
            inArray(members.familyId, unique),
            isNull(members.deletedAt),
          ),
        )
        .groupBy(members.familyId);
      return new Map(found.map((row) => [row.familyId, Number(row.n)]));
    },

    async findAccount(organizationId: string, userId: string): Promise<MemberAccount | undefined> {
      const [row] = await db
        .select({ user: users, member: members, establishmentName: establishments.name })
        .from(users)
        .innerJoin(members, ownMember)
        .innerJoin(establishments, ofEstablishment)
        .where(and(eq(users.organizationId, organizationId), eq(users.id, userId), isNull(users.deletedAt)));
      return row;
    },

    /**
     * Everyone in the family still present: its members (with their account when they have one, that
     * is the representatives), in one query.
     */
    async familyOf(organizationId: string, familyId: string) {
      return db
        .select({ member: members, user: users })
        .from(members)
        .leftJoin(
          users,
          and(
            eq(users.organizationId, members.organizationId),
            eq(users.id, members.userId),
            isNull(users.deletedAt),
          ),
        )
        .where(
          and(
            eq(members.organizationId, organizationId),
            eq(members.familyId, familyId),
            isNull(members.deletedAt),
          ),
        )
        .orderBy(sql`${members.birthdate} asc nulls last`, members.firstName, members.id);
    },

    /**
     * A single-use link to choose a password, for an account a manager created. Stored hashed like a
     * reset link, which `POST /auth/reset-password` consumes the same way.
     */
    async insertInvitationToken(input: {
      organizationId: string;
      userId: string;
      tokenHash: string;
      expiresAt: Date;
    }): Promise<void> {
      await db.insert(passwordResetTokens).values({ id: newId('pwr'), purpose: 'invitation', ...input });
    },
  };
}

export type MembersRepository = ReturnType<typeof createMembersRepository>;
