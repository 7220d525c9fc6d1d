import { and, asc, count, eq, exists, gte, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { blueprints, members, prestations, services, users } from '../../db/schema';
import { blueprintOfService } from './joins.repository';

export type ServiceRow = typeof services.$inferSelect;
export type NewServiceRow = typeof services.$inferInsert;
export type PrestationRow = typeof prestations.$inferSelect;
export type NewPrestationRow = typeof prestations.$inferInsert;

/**
 * Who sees which sessions: an establishment manager those of their establishment's activities, a
 * holder those they are assigned to; null means no restriction on that axis.
 */
export interface ServiceScope {
  establishmentId: string | null;
  holderUserId: string | null;
}

export const UNSCOPED: ServiceScope = { establishmentId: null, holderUserId: null };

export interface ServiceFilters {
  from?: Date;
  to?: Date;
  blueprintId?: string;
  /** 'none': sessions in no period. */
  periodId?: string;
  seriesId?: string;
  establishmentId?: string;
  status?: string;
}

/** A holder account with the names of its own member. */
export interface HolderRow {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

/** A session with what its lists and pages show of its activity. */
const serviceView = {
  id: services.id,
  blueprintId: services.blueprintId,
  periodId: services.periodId,
  seriesId: services.seriesId,
  startDateTime: services.startDateTime,
  originalStartDateTime: services.originalStartDateTime,
  duration: services.duration,
  maxSeats: services.maxSeats,
  reservedSeats: services.reservedSeats,
  status: services.status,
  blueprintName: blueprints.name,
  colorCode: blueprints.colorCode,
  establishmentId: blueprints.establishmentId,
};

export interface ServiceView {
  id: string;
  blueprintId: string;
  periodId: string | null;
  seriesId: string | null;
  startDateTime: Date;
  originalStartDateTime: Date | null;
  duration: number;
  maxSeats: number;
  reservedSeats: number;
  status: string;
  blueprintName: string;
  colorCode: string;
  establishmentId: string;
}

/** The service's activity, same organisation (composite key). */

/** The holder's own member (names), same organisation. */
const memberOfUser = and(eq(members.organizationId, users.organizationId), eq(members.userId, users.id));

/** A holder: role user with the holder flag, not deleted. */
const activeHolder = and(eq(users.role, 'user'), eq(users.isHolder, true), isNull(users.deletedAt));

export function createServicesRepository(db: Executor) {
  function scopeConditions(organizationId: string, scope: ServiceScope): (SQL | undefined)[] {
    return [
      scope.establishmentId ? eq(blueprints.establishmentId, scope.establishmentId) : undefined,
      scope.holderUserId
        ? exists(
            db
              .select({ one: sql`1` })
              .from(prestations)
              .where(
                and(
                  eq(prestations.organizationId, organizationId),
                  eq(prestations.serviceId, services.id),
                  eq(prestations.holderUserId, scope.holderUserId),
                ),
              ),
          )
        : undefined,
    ];
  }

  return {
    async findBlueprint(organizationId: string, blueprintId: string) {
      const [row] = await db
        .select({
          id: blueprints.id,
          name: blueprints.name,
          establishmentId: blueprints.establishmentId,
          duration: blueprints.duration,
          maxSeats: blueprints.maxSeats,
          archivedAt: blueprints.archivedAt,
        })
        .from(blueprints)
        .where(and(eq(blueprints.organizationId, organizationId), eq(blueprints.id, blueprintId)));
      return row;
    },

    /** The live holders among `userIds`. */
    async findHolders(organizationId: string, userIds: readonly string[]): Promise<HolderRow[]> {
      if (userIds.length === 0) return [];
      return db
        .select({
          id: users.id,
          email: users.email,
          firstName: members.firstName,
          lastName: members.lastName,
        })
        .from(users)
        .leftJoin(members, memberOfUser)
        .where(and(eq(users.organizationId, organizationId), inArray(users.id, [...userIds]), activeHolder));
    },

    /** One page of the organisation's holders, by name, optionally matching `q` (name or e-mail). */
    async listHolders(organizationId: string, q: string | undefined, limit: number, offset: number) {
      const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
      const where = and(
        eq(users.organizationId, organizationId),
        activeHolder,
        pattern
          ? or(
              ilike(users.email, pattern),
              ilike(members.firstName, pattern),
              ilike(members.lastName, pattern),
              ilike(sql`${members.firstName} || ' ' || ${members.lastName}`, pattern),
            )
          : undefined,
      );
      const rows = await db
        .select({
          id: users.id,
          email: users.email,
          firstName: members.firstName,
          lastName: members.lastName,
        })
        .from(users)
        .leftJoin(members, memberOfUser)
        .where(where)
        .orderBy(asc(members.lastName), asc(members.firstName), asc(users.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db
        .select({ n: count() })
        .from(users)
        .leftJoin(members, memberOfUser)
        .where(where);
      return { rows: rows as HolderRow[], total: total!.n };
    },

    async insertServices(rows: NewServiceRow[]): Promise<void> {
      // Batches keep each statement's parameter count well below the driver's limit.
      for (let i = 0; i < rows.length; i += 200) await db.insert(services).values(rows.slice(i, i + 200));
    },

    async insertPrestations(rows: NewPrestationRow[]): Promise<void> {
      for (let i = 0; i < rows.length; i += 500) await db.insert(prestations).values(rows.slice(i, i + 500));
    },

    /** One page of sessions in start order, and how many match. */
    async list(
      organizationId: string,
      filters: ServiceFilters,
      scope: ServiceScope,
      limit: number,
      offset: number,
    ): Promise<{ rows: ServiceView[]; total: number }> {
      const where = and(
        eq(services.organizationId, organizationId),
        filters.from ? gte(services.startDateTime, filters.from) : undefined,
        filters.to ? lt(services.startDateTime, filters.to) : undefined,
        filters.blueprintId ? eq(services.blueprintId, filters.blueprintId) : undefined,
        filters.periodId === 'none'
          ? isNull(services.periodId)
          : filters.periodId
            ? eq(services.periodId, filters.periodId)
            : undefined,
        filters.seriesId ? eq(services.seriesId, filters.seriesId) : undefined,
        filters.establishmentId ? eq(blueprints.establishmentId, filters.establishmentId) : undefined,
        filters.status ? eq(services.status, filters.status) : undefined,
        ...scopeConditions(organizationId, scope),
      );
      const rows = await db
        .select(serviceView)
        .from(services)
        .innerJoin(blueprints, blueprintOfService)
        .where(where)
        .orderBy(asc(services.startDateTime), asc(services.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db
        .select({ n: count() })
        .from(services)
        .innerJoin(blueprints, blueprintOfService)
        .where(where);
      return { rows, total: total!.n };
    },

    async findById(
      organizationId: string,
      id: string,
      scope: ServiceScope,
    ): Promise<ServiceView | undefined> {
      const [row] = await db
        .select(serviceView)
        .from(services)
        .innerJoin(blueprints, blueprintOfService)
        .where(
          and(
            eq(services.organizationId, organizationId),
            eq(services.id, id),
            ...scopeConditions(organizationId, scope),
          ),
        );
      return row;
    },

    /** The session row, locked until the transaction ends, with its activity's establishment. */
    async lockById(organizationId: string, id: string, scope: ServiceScope) {
      const [row] = await db
        .select({ service: services, establishmentId: blueprints.establishmentId })
        .from(services)
        .innerJoin(blueprints, blueprintOfService)
        .where(
          and(
            eq(services.organizationId, organizationId),
            eq(services.id, id),
            ...scopeConditions(organizationId, scope),
          ),
        )
        .for('update', { of: services });
      return row;
    },

    async update(organizationId: string, id: string, fields: Partial<NewServiceRow>): Promise<void> {
      await db
        .update(services)
        .set({ ...fields, updatedAt: new Date() })
        .where(and(eq(services.organizationId, organizationId), eq(services.id, id)));
    },

    /** The prestations of the given sessions with their holders' names, for lists and pages. */
    async prestationsOf(organizationId: string, serviceIds: readonly string[]) {
      if (serviceIds.length === 0) return [];
      return db
        .select({
          id: prestations.id,
          serviceId: prestations.serviceId,
          holderUserId: prestations.holderUserId,
          status: prestations.status,
          absenceNote: prestations.absenceNote,
          email: users.email,
          firstName: members.firstName,
          lastName: members.lastName,
        })
        .from(prestations)
        .innerJoin(
          users,
          and(eq(users.organizationId, prestations.organizationId), eq(users.id, prestations.holderUserId)),
        )
        .leftJoin(members, memberOfUser)
        .where(
          and(
            eq(prestations.organizationId, organizationId),
            inArray(prestations.serviceId, [...serviceIds]),
          ),
        )
        .orderBy(asc(prestations.createdAt), asc(prestations.id));
    },

    async findPrestationFor(organizationId: string, serviceId: string, holderUserId: string) {
      const [row] = await db
        .select({ id: prestations.id })
        .from(prestations)
        .where(
          and(
            eq(prestations.organizationId, organizationId),
            eq(prestations.serviceId, serviceId),
            eq(prestations.holderUserId, holderUserId),
          ),
        );
      return row;
    },

    /** A prestation with its session, activity and holder (the prestation page). */
    async findPrestation(organizationId: string, prestationId: string) {
      const [row] = await db
        .select({
          prestation: prestations,
          service: serviceView,
          holder: {
            id: users.id,
            email: users.email,
            firstName: members.firstName,
            lastName: members.lastName,
          },
        })
        .from(prestations)
        .innerJoin(
          services,
          and(
            eq(services.organizationId, prestations.organizationId),
            eq(services.id, prestations.serviceId),
          ),
        )
        .innerJoin(blueprints, blueprintOfService)
        .innerJoin(
          users,
          and(eq(users.organizationId, prestations.organizationId), eq(users.id, prestations.holderUserId)),
        )
        .leftJoin(members, memberOfUser)
        .where(and(eq(prestations.organizationId, organizationId), eq(prestations.id, prestationId)));
      return row;
    },

    /** The prestation row locked until the transaction ends, with its activity's establishment. */
    async lockPrestation(organizationId: string, prestationId: string) {
      const [row] = await db
        .select({ prestation: prestations, establishmentId: blueprints.establishmentId })
        .from(prestations)
        .innerJoin(
          services,
          and(
            eq(services.organizationId, prestations.organizationId),
            eq(services.id, prestations.serviceId),
          ),
        )
        .innerJoin(blueprints, blueprintOfService)
        .where(and(eq(prestations.organizationId, organizationId), eq(prestations.id, prestationId)))
        .for('update', { of: prestations });
      return row;
    },

    async updatePrestation(organizationId: string, prestationId: string, fields: Partial<NewPrestationRow>) {
      await db
        .update(prestations)
        .set({ ...fields, updatedAt: new Date() })
        .where(and(eq(prestations.organizationId, organizationId), eq(prestations.id, prestationId)));
    },

    /** Removes the prestation if it belongs to the session; answers its holder, or null when none was. */
    async deletePrestation(
      organizationId: string,
      serviceId: string,
      prestationId: string,
    ): Promise<{ holderUserId: string } | null> {
      const [deleted] = await db
        .delete(prestations)
        .where(
          and(
            eq(prestations.organizationId, organizationId),
            eq(prestations.serviceId, serviceId),
            eq(prestations.id, prestationId),
          ),
        )
        .returning({ holderUserId: prestations.holderUserId });
      return deleted ?? null;
    },
  };
}

export type ServicesRepository = ReturnType<typeof createServicesRepository>;
