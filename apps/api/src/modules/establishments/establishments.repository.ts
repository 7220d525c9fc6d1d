import { and, asc, count, eq, getTableColumns, ilike, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { blueprints, establishments, organizations, periods, users } from '../../db/schema';

export type EstablishmentRow = typeof establishments.$inferSelect;
/** An establishment with the time zone it inherits from its organisation. */
export type EstablishmentWithZone = EstablishmentRow & { timeZone: string };

export type EstablishmentFields = Partial<
  Pick<
    EstablishmentRow,
    'name' | 'address' | 'city' | 'postalCode' | 'country' | 'contactEmail' | 'contactPhone'
  >
>;

export interface EstablishmentFilter {
  /** An establishment manager's establishment: the only one they may see. */
  establishmentId?: string | null;
  /** Part of the name, case-insensitive. */
  q?: string;
}

export interface EstablishmentUsage {
  blueprints: boolean;
  periods: boolean;
  users: boolean;
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Establishments of one organisation. Every query is scoped by `organizationId`. */
export function createEstablishmentRepository(db: Executor) {
  const withZone = { ...getTableColumns(establishments), timeZone: organizations.timeZone };

  function where(organizationId: string, filter: EstablishmentFilter = {}): SQL | undefined {
    const term = filter.q?.trim();
    return and(
      eq(establishments.organizationId, organizationId),
      filter.establishmentId ? eq(establishments.id, filter.establishmentId) : undefined,
      term ? ilike(establishments.name, `%${escapeLike(term)}%`) : undefined,
    );
  }

  return {
    /** One page, by name (the `(organization_id, name)` index), with the organisation's time zone. */
    async list(
      organizationId: string,
      filter: EstablishmentFilter,
      page: { limit: number; offset: number },
    ): Promise<{ rows: EstablishmentWithZone[]; total: number }> {
      const condition = where(organizationId, filter);
      const rows = await db
        .select(withZone)
        .from(establishments)
        .innerJoin(organizations, eq(organizations.id, establishments.organizationId))
        .where(condition)
        .orderBy(asc(establishments.name), asc(establishments.id))
        .limit(page.limit)
        .offset(page.offset);
      // The count is only needed when the page does not already tell it.
      if (page.offset === 0 && rows.length < page.limit) return { rows, total: rows.length };
      const [row] = await db.select({ n: count() }).from(establishments).where(condition);
      return { rows, total: row!.n };
    },

    async findById(organizationId: string, id: string): Promise<EstablishmentWithZone | undefined> {
      const [row] = await db
        .select(withZone)
        .from(establishments)
        .innerJoin(organizations, eq(organizations.id, establishments.organizationId))
        .where(and(eq(establishments.organizationId, organizationId), eq(establishments.id, id)));
      return row;
    },

    /** Whether the establishment exists in the organisation (for other modules checking a reference). */
    async exists(organizationId: string, id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: establishments.id })
        .from(establishments)
        .where(and(eq(establishments.organizationId, organizationId), eq(establishments.id, id)));
      return row !== undefined;
    },

    /** Activities (blueprints not archived) per establishment, for a page of establishments. */
    async countActivities(organizationId: string, ids: string[]): Promise<Map<string, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ establishmentId: blueprints.establishmentId, n: count() })
        .from(blueprints)
        .where(
          and(
            eq(blueprints.organizationId, organizationId),
            inArray(blueprints.establishmentId, ids),
            isNull(blueprints.archivedAt),
          ),
        )
        .groupBy(blueprints.establishmentId);
      return new Map(rows.map((r) => [r.establishmentId, r.n]));
    },

    async insert(organizationId: string, id: string, fields: EstablishmentFields & { name: string }) {
      await db.insert(establishments).values({ ...fields, organizationId, id });
    },

    /** Returns whether a row changed. */
    async update(
      organizationId: string,
      id: string,
      fields: EstablishmentFields,
      now: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(establishments)
        .set({ ...fields, updatedAt: now })
        .where(and(eq(establishments.organizationId, organizationId), eq(establishments.id, id)))
        .returning({ id: establishments.id });
      return rows.length > 0;
    },

    /**
     * What still points at the establishment (archived activities and removed accounts included, since
     * their rows keep the reference). Existence only, so the cost does not grow with the organisation.
     */
    async usage(organizationId: string, id: string): Promise<EstablishmentUsage> {
      // One after the other: inside a transaction they share one connection.
      const used = async (query: Promise<unknown[]>) => (await query).length > 0;
      return {
        blueprints: await used(
          db
            .select({ id: blueprints.id })
            .from(blueprints)
            .where(and(eq(blueprints.organizationId, organizationId), eq(blueprints.establishmentId, id)))
            .limit(1),
        ),
        periods: await used(
          db
            .select({ id: periods.id })
            .from(periods)
            .where(and(eq(periods.organizationId, organizationId), eq(periods.establishmentId, id)))
            .limit(1),
        ),
        users: await used(
          db
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.organizationId, organizationId), eq(users.establishmentId, id)))
            .limit(1),
        ),
      };
    },

    /** Locks the row for a deletion, so a concurrent reference waits or fails on the foreign key. */
    async lock(organizationId: string, id: string): Promise<boolean> {
      const rows = await db
        .select({ id: establishments.id })
        .from(establishments)
        .where(and(eq(establishments.organizationId, organizationId), eq(establishments.id, id)))
        .for('update');
      return rows.length > 0;
    },

    /** Returns whether a row was deleted. */
    async delete(organizationId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(establishments)
        .where(and(eq(establishments.organizationId, organizationId), eq(establishments.id, id)))
        .returning({ id: establishments.id });
      return rows.length > 0;
    },
  };
}

export type EstablishmentRepository = ReturnType<typeof createEstablishmentRepository>;
