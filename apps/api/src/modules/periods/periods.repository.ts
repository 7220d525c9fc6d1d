import { and, asc, count, desc, eq, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { blueprints, establishments, participants, periods, services } from '../../db/schema';
import { blueprintOfService } from '../services/joins.repository';

export type PeriodRow = typeof periods.$inferSelect;
export type NewPeriodRow = typeof periods.$inferInsert;

export interface PeriodView extends PeriodRow {
  establishmentName: string;
}

/** The service's activity, same organisation (composite key). */

const establishmentOfPeriod = and(
  eq(establishments.organizationId, periods.organizationId),
  eq(establishments.id, periods.establishmentId),
);

export function createPeriodsRepository(db: Executor) {
  /** The organisation's periods, narrowed to one establishment when `establishmentId` is set. */
  const periodWhere = (organizationId: string, establishmentId: string | null | undefined, extra?: SQL) =>
    and(
      eq(periods.organizationId, organizationId),
      establishmentId ? eq(periods.establishmentId, establishmentId) : undefined,
      extra,
    );

  return {
    /** One page of periods, latest start first; each establishment id given narrows to it (scope, filter). */
    async list(
      organizationId: string,
      establishmentIds: readonly (string | null | undefined)[],
      limit: number,
      offset: number,
    ): Promise<{ rows: PeriodView[]; total: number }> {
      const where = and(
        eq(periods.organizationId, organizationId),
        ...establishmentIds.map((id) => (id ? eq(periods.establishmentId, id) : undefined)),
      );
      const rows = await db
        .select({ period: periods, establishmentName: establishments.name })
        .from(periods)
        .innerJoin(establishments, establishmentOfPeriod)
        .where(where)
        .orderBy(desc(periods.startDate), desc(periods.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(periods).where(where);
      return {
        rows: rows.map((r) => ({ ...r.period, establishmentName: r.establishmentName })),
        total: total!.n,
      };
    },

    async findById(
      organizationId: string,
      id: string,
      establishmentId: string | null,
    ): Promise<PeriodView | undefined> {
      const [row] = await db
        .select({ period: periods, establishmentName: establishments.name })
        .from(periods)
        .innerJoin(establishments, establishmentOfPeriod)
        .where(periodWhere(organizationId, establishmentId, eq(periods.id, id)));
      return row ? { ...row.period, establishmentName: row.establishmentName } : undefined;
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

    async insert(row: NewPeriodRow): Promise<void> {
      await db.insert(periods).values(row);
    },

    async update(organizationId: string, id: string, fields: Partial<NewPeriodRow>): Promise<void> {
      await db
        .update(periods)
        .set({ ...fields, updatedAt: new Date() })
        .where(and(eq(periods.organizationId, organizationId), eq(periods.id, id)));
    },

    /** Deletes the period; the periods planned from it forget it. */
    async delete(organizationId: string, id: string): Promise<void> {
      await db
        .update(periods)
        .set({ previousPeriodId: null })
        .where(and(eq(periods.organizationId, organizationId), eq(periods.previousPeriodId, id)));
      await db.delete(periods).where(and(eq(periods.organizationId, organizationId), eq(periods.id, id)));
    },

    /** Number of sessions per period, for the given periods (one grouped query). */
    async serviceCounts(organizationId: string, periodIds: readonly string[]): Promise<Map<string, number>> {
      if (periodIds.length === 0) return new Map();
      const rows = await db
        .select({ periodId: services.periodId, n: count() })
        .from(services)
        .where(and(eq(services.organizationId, organizationId), inArray(services.periodId, [...periodIds])))
        .groupBy(services.periodId);
      return new Map(rows.map((r) => [r.periodId!, r.n]));
    },

    /** Registrations (reserved, confirmed or absent participants) per period, for the given periods. */
    async registrationCounts(
      organizationId: string,
      periodIds: readonly string[],
    ): Promise<Map<string, number>> {
      if (periodIds.length === 0) return new Map();
      const rows = await db
        .select({ periodId: services.periodId, n: count() })
        .from(participants)
        .innerJoin(
          services,
          and(
            eq(services.organizationId, participants.organizationId),
            eq(services.id, participants.serviceId),
          ),
        )
        .where(
          and(
            eq(participants.organizationId, organizationId),
            inArray(services.periodId, [...periodIds]),
            inArray(participants.status, ['reserved', 'confirmed', 'absent']),
          ),
        )
        .groupBy(services.periodId);
      return new Map(rows.map((r) => [r.periodId!, r.n]));
    },

    /** Whether the period holds a session of an activity outside `establishmentId`. */
    async holdsServicesOutside(organizationId: string, periodId: string, establishmentId: string) {
      const [row] = await db
        .select({ id: services.id })
        .from(services)
        .innerJoin(blueprints, blueprintOfService)
        .where(
          and(
            eq(services.organizationId, organizationId),
            eq(services.periodId, periodId),
            ne(blueprints.establishmentId, establishmentId),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** The sessions named by id or by series, with their activity's establishment. */
    async findServicesToAssign(
      organizationId: string,
      serviceIds: readonly string[],
      seriesIds: readonly string[],
    ) {
      if (serviceIds.length === 0 && seriesIds.length === 0) return [];
      return db
        .select({ id: services.id, seriesId: services.seriesId, establishmentId: blueprints.establishmentId })
        .from(services)
        .innerJoin(blueprints, blueprintOfService)
        .where(
          and(
            eq(services.organizationId, organizationId),
            or(
              serviceIds.length > 0 ? inArray(services.id, [...serviceIds]) : undefined,
              seriesIds.length > 0 ? inArray(services.seriesId, [...seriesIds]) : undefined,
            ),
          ),
        );
    },

    /** Puts the sessions in the period (moving them out of any other); answers how many changed. */
    async assignServices(organizationId: string, periodId: string, serviceIds: readonly string[]) {
      let updated = 0;
      for (let i = 0; i < serviceIds.length; i += 500) {
        const rows = await db
          .update(services)
          .set({ periodId, updatedAt: new Date() })
          .where(
            and(
              eq(services.organizationId, organizationId),
              inArray(services.id, serviceIds.slice(i, i + 500)),
            ),
          )
          .returning({ id: services.id });
        updated += rows.length;
      }
      return updated;
    },

    /** Takes the named sessions (or series) out of the period; answers how many changed. */
    async removeServices(
      organizationId: string,
      periodId: string,
      serviceIds: readonly string[],
      seriesIds: readonly string[],
    ) {
      const rows = await db
        .update(services)
        .set({ periodId: null, updatedAt: new Date() })
        .where(
          and(
            eq(services.organizationId, organizationId),
            eq(services.periodId, periodId),
            or(
              serviceIds.length > 0 ? inArray(services.id, [...serviceIds]) : undefined,
              seriesIds.length > 0 ? inArray(services.seriesId, [...seriesIds]) : undefined,
            ),
          ),
        )
        .returning({ id: services.id });
      return rows.length;
    },

    /** The period's sessions to copy when planning the next one (cancelled ones are not), in start order. */
    async sessionsToCopy(organizationId: string, periodId: string) {
      return db
        .select({
          id: services.id,
          blueprintId: services.blueprintId,
          blueprintName: blueprints.name,
          colorCode: blueprints.colorCode,
          seriesId: services.seriesId,
          startDateTime: services.startDateTime,
          originalStartDateTime: services.originalStartDateTime,
          duration: services.duration,
          maxSeats: services.maxSeats,
        })
        .from(services)
        .innerJoin(blueprints, blueprintOfService)
        .where(
          and(
            eq(services.organizationId, organizationId),
            eq(services.periodId, periodId),
            ne(services.status, 'cancelled'),
          ),
        )
        .orderBy(asc(services.startDateTime), asc(services.id));
    },
  };
}

export type PeriodsRepository = ReturnType<typeof createPeriodsRepository>;
