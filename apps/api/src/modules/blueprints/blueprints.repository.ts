import {
  and,
  asc,
  count,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  min,
  ne,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  assets,
  blueprints,
  blueprintSupplements,
  establishments,
  prestations,
  services,
} from '../../db/schema';

export type BlueprintRow = typeof blueprints.$inferSelect;
export type SupplementRow = typeof blueprintSupplements.$inferSelect;
export type BlueprintWithEstablishment = { blueprint: BlueprintRow; establishmentName: string };

/** The columns a create or an update writes (the keys are the organisation's and the id). */
export type BlueprintValues = Partial<
  Omit<BlueprintRow, 'organizationId' | 'id' | 'createdAt' | 'updatedAt' | 'archivedAt'>
>;
export type NewBlueprintValues = Omit<typeof blueprints.$inferInsert, 'organizationId' | 'id'>;
export type SupplementValues = Pick<
  SupplementRow,
  'name' | 'price' | 'minAge' | 'maxAge' | 'frequency' | 'position'
>;

export interface BlueprintListFilter {
  search?: string;
  establishmentId?: string;
  visibility?: string;
  includeArchived: boolean;
  /** An establishment manager's establishment; null: the whole organisation. */
  scopeEstablishmentId: string | null;
  /** Hidden (draft) activities show only to this creator; null: to everyone (managers). */
  hiddenOnlyForUserId: string | null;
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Activities, their price supplements and the few facts about their sessions the managing views show. */
export function createBlueprintRepository(db: Executor) {
  const withEstablishment = {
    blueprint: blueprints,
    establishmentName: establishments.name,
  };
  const establishmentJoin = and(
    eq(establishments.organizationId, blueprints.organizationId),
    eq(establishments.id, blueprints.establishmentId),
  );

  function listCondition(organizationId: string, filter: BlueprintListFilter): SQL | undefined {
    const term = filter.search?.trim();
    return and(
      eq(blueprints.organizationId, organizationId),
      term ? ilike(blueprints.name, `%${escapeLike(term)}%`) : undefined,
      filter.establishmentId ? eq(blueprints.establishmentId, filter.establishmentId) : undefined,
      filter.scopeEstablishmentId ? eq(blueprints.establishmentId, filter.scopeEstablishmentId) : undefined,
      filter.visibility ? eq(blueprints.visibility, filter.visibility) : undefined,
      filter.includeArchived ? undefined : isNull(blueprints.archivedAt),
      filter.hiddenOnlyForUserId
        ? or(ne(blueprints.visibility, 'hidden'), eq(blueprints.createdByUserId, filter.hiddenOnlyForUserId))
        : undefined,
    );
  }

  return {
    /** One page ordered by name, and the number of matching activities. */
    async list(
      organizationId: string,
      filter: BlueprintListFilter,
      page: { limit: number; offset: number },
    ): Promise<{ rows: BlueprintWithEstablishment[]; total: number }> {
      const where = listCondition(organizationId, filter);
      const rows = await db
        .select(withEstablishment)
        .from(blueprints)
        .innerJoin(establishments, establishmentJoin)
        .where(where)
        .orderBy(asc(sql`lower(${blueprints.name})`), asc(blueprints.id))
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await db.select({ n: count() }).from(blueprints).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    async findById(organizationId: string, id: string): Promise<BlueprintWithEstablishment | undefined> {
      const [row] = await db
        .select(withEstablishment)
        .from(blueprints)
        .innerJoin(establishments, establishmentJoin)
        .where(and(eq(blueprints.organizationId, organizationId), eq(blueprints.id, id)));
      return row;
    },

    /** The row, locked until the end of the transaction (updates, deletion). */
    async lockById(organizationId: string, id: string): Promise<BlueprintRow | undefined> {
      const [row] = await db
        .select()
        .from(blueprints)
        .where(and(eq(blueprints.organizationId, organizationId), eq(blueprints.id, id)))
        .for('update');
      return row;
    },

    async insert(organizationId: string, id: string, values: NewBlueprintValues) {
      await db.insert(blueprints).values({ ...values, organizationId, id });
    },

    async update(organizationId: string, id: string, values: BlueprintValues, now: Date) {
      await db
        .update(blueprints)
        .set({ ...values, updatedAt: now })
        .where(and(eq(blueprints.organizationId, organizationId), eq(blueprints.id, id)));
    },

    async setArchivedAt(organizationId: string, id: string, archivedAt: Date | null, now: Date) {
      await db
        .update(blueprints)
        .set({ archivedAt, updatedAt: now })
        .where(and(eq(blueprints.organizationId, organizationId), eq(blueprints.id, id)));
    },

    /** Deletes the activity (its supplements go with it); sessions must not exist. */
    async delete(organizationId: string, id: string) {
      await db
        .delete(blueprints)
        .where(and(eq(blueprints.organizationId, organizationId), eq(blueprints.id, id)));
    },

    async supplementsOf(organizationId: string, blueprintId: string): Promise<SupplementRow[]> {
      return db
        .select()
        .from(blueprintSupplements)
        .where(
          and(
            eq(blueprintSupplements.organizationId, organizationId),
            eq(blueprintSupplements.blueprintId, blueprintId),
          ),
        )
        .orderBy(asc(blueprintSupplements.position), asc(blueprintSupplements.id));
    },

    async insertSupplements(
      organizationId: string,
      blueprintId: string,
      rows: (SupplementValues & { id: string })[],
    ) {
      if (rows.length === 0) return;
      await db
        .insert(blueprintSupplements)
        .values(rows.map((row) => ({ ...row, organizationId, blueprintId })));
    },

    async updateSupplement(
      organizationId: string,
      blueprintId: string,
      id: string,
      values: SupplementValues,
    ) {
      await db
        .update(blueprintSupplements)
        .set(values)
        .where(
          and(
            eq(blueprintSupplements.organizationId, organizationId),
            eq(blueprintSupplements.blueprintId, blueprintId),
            eq(blueprintSupplements.id, id),
          ),
        );
    },

    /** Deletes the activity's supplements whose id is not in `keepIds`. */
    async deleteSupplementsExcept(organizationId: string, blueprintId: string, keepIds: string[]) {
      await db
        .delete(blueprintSupplements)
        .where(
          and(
            eq(blueprintSupplements.organizationId, organizationId),
            eq(blueprintSupplements.blueprintId, blueprintId),
            keepIds.length > 0 ? notInArray(blueprintSupplements.id, keepIds) : undefined,
          ),
        );
    },

    /** Number of supplements per activity, for a page of activities (one query). */
    async supplementCounts(organizationId: string, blueprintIds: string[]): Promise<Map<string, number>> {
      if (blueprintIds.length === 0) return new Map();
      const rows = await db
        .select({ blueprintId: blueprintSupplements.blueprintId, n: count() })
        .from(blueprintSupplements)
        .where(
          and(
            eq(blueprintSupplements.organizationId, organizationId),
            inArray(blueprintSupplements.blueprintId, blueprintIds),
          ),
        )
        .groupBy(blueprintSupplements.blueprintId);
      return new Map(rows.map((row) => [row.blueprintId, row.n]));
    },

    /** The next session start and the number of sessions to come, not cancelled, per activity (one query). */
    async upcomingSessions(
      organizationId: string,
      blueprintIds: string[],
      now: Date,
    ): Promise<Map<string, { next: Date | null; count: number }>> {
      if (blueprintIds.length === 0) return new Map();
      const rows = await db
        .select({
          blueprintId: services.blueprintId,
          next: min(services.startDateTime),
          n: count(),
        })
        .from(services)
        .where(
          and(
            eq(services.organizationId, organizationId),
            inArray(services.blueprintId, blueprintIds),
            ne(services.status, 'cancelled'),
            gte(services.startDateTime, now),
          ),
        )
        .groupBy(services.blueprintId);
      return new Map(
        rows.map((row) => [
          row.blueprintId,
          { next: row.next === null ? null : new Date(row.next), count: row.n },
        ]),
      );
    },

    async hasSessions(organizationId: string, blueprintId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: services.id })
        .from(services)
        .where(and(eq(services.organizationId, organizationId), eq(services.blueprintId, blueprintId)))
        .limit(1);
      return row !== undefined;
    },

    /** Whether the holder is assigned to at least one session of the activity. */
    async holderHasPrestation(organizationId: string, blueprintId: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: prestations.id })
        .from(prestations)
        .innerJoin(
          services,
          and(
            eq(services.organizationId, prestations.organizationId),
            eq(services.id, prestations.serviceId),
          ),
        )
        .where(
          and(
            eq(prestations.organizationId, organizationId),
            eq(prestations.holderUserId, userId),
            eq(services.blueprintId, blueprintId),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async establishmentExists(organizationId: string, establishmentId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: establishments.id })
        .from(establishments)
        .where(
          and(eq(establishments.organizationId, organizationId), eq(establishments.id, establishmentId)),
        );
      return row !== undefined;
    },

    async assetExists(organizationId: string, assetId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: assets.id })
        .from(assets)
        .where(and(eq(assets.organizationId, organizationId), eq(assets.id, assetId)));
      return row !== undefined;
    },
  };
}

export type BlueprintRepository = ReturnType<typeof createBlueprintRepository>;
