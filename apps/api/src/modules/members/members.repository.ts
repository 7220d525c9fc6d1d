import type { MemberListKind, MemberSort, Role, SortOrder } from '@inscrio/shared';
import { and, count, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { establishments, members, passwordResetTokens, users } from '../../db/schema';
import { boundedCount, type CursorKey, decodeCursor, encodeCursor } from '../../lib/cursor';
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

/**
 * Each sort's key, how a cursor holds it, and the SQL type it compares as. The name is the stored
 * `users.sort_name` (its own member's « first last » in lower case, else the e-mail; kept by triggers)
 * so that the index (organisation, sort_name, id) serves the default order at any depth.
 */
const SORT_KEYS: Record<MemberSort, { key: SQL; kind: string; cast: SQL; nullable: boolean }> = {
  name: { key: sql`${users.sortName}`, kind: 'text', cast: sql`text`, nullable: false },
  email: { key: sql`lower(${users.email})`, kind: 'text', cast: sql`text`, nullable: false },
  lastLoginAt: { key: sql`${users.lastLoginAt}`, kind: 'timestamp?', cast: sql`timestamptz`, nullable: true },
  createdAt: { key: sql`${users.createdAt}`, kind: 'timestamp', cast: sql`timestamptz`, nullable: false },
  familySize: { key: familySizeExpression, kind: 'int', cast: sql`bigint`, nullable: false },
};

function orderBy({ sort, order }: MemberSorting): SQL[] {
  const direction = order === 'desc' ? sql`desc` : sql`asc`;
  // Never signed in sorts last whichever the order; the id, in the same direction, keeps pages stable
  // between equal keys (and lets one index serve both directions).
  return [sql`${SORT_KEYS[sort].key} ${direction} nulls last`, sql`${users.id} ${direction}`];
}

const cursorList = ({ sort, order }: MemberSorting) => `members:${sort}:${order}`;

/** The rows after a cursor's (`key`, `id`) in the list's order; null keys (never signed in) come last. */
function keysetAfter({ sort, order }: MemberSorting, cursorKey: CursorKey, cursorId: string): SQL {
  const { key, cast, nullable } = SORT_KEYS[sort];
  const cmp = order === 'desc' ? sql`<` : sql`>`;
  if (cursorKey === null) return sql`(${key} is null and ${users.id} ${cmp} ${cursorId})`;
  const after = sql`(${key}, ${users.id}) ${cmp} (${cursorKey}::${cast}, ${cursorId})`;
  return nullable ? sql`(${after} or ${key} is null)` : after;
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
    keyset?: SQL,
  ): Promise<(MemberListRow & { sortKey: CursorKey })[]> {
    return db
      .select({ ...listColumns, sortKey: sortKeyOf(sorting) })
      .from(users)
      .innerJoin(members, ownMember)
      .innerJoin(establishments, ofEstablishment)
      .where(and(where(organizationId, filter), keyset))
      .orderBy(...orderBy(sorting))
      .limit(page.limit)
      .offset(page.offset);
  }

  /** The sort key as a cursor holds it: timestamps as PostgreSQL prints them, sizes as numbers. */
  const sortKeyOf = (sorting: MemberSorting) => {
    const { key, kind } = SORT_KEYS[sorting.sort];
    return kind === 'int' ? sql<CursorKey>`(${key})::int` : sql<CursorKey>`(${key})::text`;
  };
  const cursorOf = (sorting: MemberSorting, row: { sortKey: CursorKey; userId: string }) =>
    encodeCursor(cursorList(sorting), [row.sortKey, row.userId]);

  return {
    rows,

    /**
     * One page and the number of matching accounts (two queries at most): by offset (exact count), or
     * by keyset after a cursor (`after` '' = the first page; by name, the index on (organisation,
     * sort_name, id) serves any depth), whose count stops at `LIST_COUNT_LIMIT`.
     */
    async list(
      organizationId: string,
      filter: MemberFilter,
      sorting: MemberSorting,
      page: { limit: number; offset: number } | { limit: number; after: string },
    ): Promise<{ rows: MemberListRow[]; total: number; capped: boolean; nextCursor: string | null }> {
      if ('after' in page) {
        const { kind } = SORT_KEYS[sorting.sort];
        const after = page.after ? decodeCursor(cursorList(sorting), [kind, 'text'], page.after) : null;
        const keyset = after ? keysetAfter(sorting, after[0]!, after[1] as string) : undefined;
        const [found, counted] = await Promise.all([
          rows(organizationId, filter, sorting, { limit: page.limit + 1, offset: 0 }, keyset),
          boundedCount(
            db,
            sql`select 1 from ${users} inner join ${members} on ${ownMember} where ${where(organizationId, filter)}`,
          ),
        ]);
        const shown = found.slice(0, page.limit);
        return {
          rows: shown,
          total: counted.total,
          capped: counted.capped,
          nextCursor: found.length > page.limit ? cursorOf(sorting, shown.at(-1)!) : null,
        };
      }
      const found = await rows(organizationId, filter, sorting, page);
      const last = found.at(-1);
      // The count is only needed when the page does not already tell it.
      if (page.offset === 0 && found.length < page.limit)
        return { rows: found, total: found.length, capped: false, nextCursor: null };
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .innerJoin(members, ownMember)
        .where(where(organizationId, filter));
      const total = row!.n;
      return {
        rows: found,
        total,
        capped: false,
        nextCursor: last && page.offset + found.length < total ? cursorOf(sorting, last) : null,
      };
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
