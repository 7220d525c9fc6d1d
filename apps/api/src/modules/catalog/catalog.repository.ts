import { and, asc, eq, gte, isNull, ne, or, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  blueprints,
  blueprintSupplements,
  establishments,
  members,
  organizations,
  periods,
  services,
} from '../../db/schema';

/** Who is looking at the catalogue: decides which activities are visible (spec section 4). */
export interface CatalogViewer {
  userId: string;
  familyId: string;
  /** Managers (at least establishment manager) also see hidden and private activities… */
  manager: boolean;
  /** …of this establishment only, for an establishment manager; null means the whole organisation. */
  establishmentScope: string | null;
}

export interface CatalogFilter {
  q?: string;
  establishmentId?: string;
  /** Age in months of the chosen member; null when their birthdate is unknown (no age limit only). */
  ageMonths?: number | null;
  dayOfWeek?: number;
  periodId?: string;
  /** Needed with `dayOfWeek`: the weekday is the organisation's local one. */
  timeZone?: string;
}

export type CatalogRow = Awaited<ReturnType<CatalogRepository['findVisible']>>[number];
export type NextSessionRow = Awaited<ReturnType<CatalogRepository['nextSessions']>>[number];
export type SupplementRow = Awaited<ReturnType<CatalogRepository['supplements']>>[number];
export type SessionRow = Awaited<ReturnType<CatalogRepository['upcomingSessions']>>[number];

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A named parameter of a prepared statement. */
const p = (name: string) => sql.placeholder(name);

/**
 * Private activities a family already takes part in. The registrations issue will join participants here;
 * until then no family takes part in anything.
 */
function familyTakesPart(_organizationId: SQLWrapper, _familyId: SQLWrapper): SQL {
  return sql`false`;
}

/**
 * What a page query looks like: who is looking and which filters are on. Each shape is one prepared
 * statement with only the conditions it needs (so PostgreSQL settles on a plan for it and stops planning),
 * the values being parameters. There are a few hundred shapes at most.
 */
interface PageShape {
  viewer: 'member' | 'manager' | 'establishment-manager';
  byId: boolean;
  q: boolean;
  establishment: boolean;
  age: 'any' | 'known' | 'unknown';
  dayOfWeek: boolean;
  period: boolean;
}

const shapeKey = (shape: PageShape) =>
  [
    { member: 'm', manager: 'a', 'establishment-manager': 'e' }[shape.viewer],
    shape.byId ? 'i' : '',
    shape.q ? 'q' : '',
    shape.establishment ? 's' : '',
    shape.age === 'any' ? '' : shape.age[0],
    shape.dayOfWeek ? 'd' : '',
    shape.period ? 'p' : '',
  ].join('');

/**
 * The visibility rule of the catalogue (spec section 4) on `blueprints`: public and protected activities
 * for everyone, private ones for the families taking part, hidden and private ones for managers (an
 * establishment manager: of their establishment) and for their creator; archived ones for no one.
 */
function visibleTo(viewer: PageShape['viewer']): SQL | undefined {
  return and(
    isNull(blueprints.archivedAt),
    or(
      sql`${blueprints.visibility} in ('public', 'protected')`,
      viewer === 'manager' ? sql`true` : undefined,
      viewer === 'establishment-manager' ? eq(blueprints.establishmentId, p('scope')) : undefined,
      eq(blueprints.createdByUserId, p('userId')),
      and(eq(blueprints.visibility, 'private'), familyTakesPart(p('organizationId'), p('familyId'))),
    ),
  );
}

/** A session (not cancelled) of the row's activity matching `condition`. */
const hasSession = (condition: SQL) => sql`exists (
  select 1 from ${services} s
  where s.organization_id = ${p('organizationId')} and s.blueprint_id = ${blueprints.id}
    and s.status <> 'cancelled' and ${condition})`;

/** The conditions of a shape. A null or 0 age bound means no limit; an unknown age keeps unlimited ones. */
function conditions(shape: PageShape): SQL | undefined {
  const noMin = sql`coalesce(${blueprints.minAge}, 0) = 0`;
  const noMax = sql`coalesce(${blueprints.maxAge}, 0) = 0`;
  return and(
    eq(blueprints.organizationId, p('organizationId')),
    visibleTo(shape.viewer),
    shape.byId ? eq(blueprints.id, p('blueprintId')) : undefined,
    shape.q ? sql`${blueprints.name} ilike ${p('pattern')}` : undefined,
    shape.establishment ? eq(blueprints.establishmentId, p('establishmentId')) : undefined,
    shape.age === 'known'
      ? sql`(${noMin} or ${blueprints.minAge} <= ${p('age')}::int) and (${noMax} or ${blueprints.maxAge} >= ${p('age')}::int)`
      : shape.age === 'unknown'
        ? and(noMin, noMax)
        : undefined,
    shape.dayOfWeek
      ? hasSession(
          sql`s.start_date_time >= ${p('now')}::timestamptz
            and extract(isodow from s.start_date_time at time zone ${p('timeZone')}::text) = ${p('dayOfWeek')}::int`,
        )
      : undefined,
    shape.period ? hasSession(sql`s.period_id = ${p('periodId')}`) : undefined,
  );
}

/** The catalogue's reads. Every query is scoped by `organizationId`; a page costs three prepared queries. */
export function createCatalogRepository(db: Executor) {
  const buildPage = (shape: PageShape) =>
    db
      .select({
        id: blueprints.id,
        name: blueprints.name,
        description: blueprints.description,
        imageAssetId: blueprints.imageAssetId,
        price: blueprints.price,
        taxPercentage: blueprints.taxPercentage,
        duration: blueprints.duration,
        maxSeats: blueprints.maxSeats,
        colorCode: blueprints.colorCode,
        locationType: blueprints.locationType,
        location: blueprints.location,
        minAge: blueprints.minAge,
        maxAge: blueprints.maxAge,
        visibility: blueprints.visibility,
        establishmentId: blueprints.establishmentId,
        establishmentName: establishments.name,
        total: sql<number>`cast(count(*) over () as int)`,
      })
      .from(blueprints)
      .innerJoin(
        establishments,
        and(
          eq(establishments.organizationId, blueprints.organizationId),
          eq(establishments.id, blueprints.establishmentId),
        ),
      )
      .where(conditions(shape))
      .orderBy(asc(blueprints.name), asc(blueprints.id))
      .limit(p('limit'))
      .offset(p('offset'))
      .prepare(`catalog_page_${shapeKey(shape)}`);

  const pages = new Map<string, ReturnType<typeof buildPage>>();

  /** Runs the page query of the viewer and filter's shape, preparing it on first use. */
  function runPage(
    organizationId: string,
    viewer: CatalogViewer,
    filter: CatalogFilter,
    now: Date,
    blueprintId: string | null,
    range: { limit: number; offset: number },
  ) {
    const term = filter.q?.trim();
    const shape: PageShape = {
      viewer: viewer.manager ? (viewer.establishmentScope ? 'establishment-manager' : 'manager') : 'member',
      byId: blueprintId !== null,
      q: Boolean(term),
      establishment: filter.establishmentId !== undefined,
      age: filter.ageMonths === undefined ? 'any' : filter.ageMonths === null ? 'unknown' : 'known',
      dayOfWeek: filter.dayOfWeek !== undefined,
      period: filter.periodId !== undefined,
    };
    const key = shapeKey(shape);
    let statement = pages.get(key);
    if (!statement) {
      statement = buildPage(shape);
      pages.set(key, statement);
    }
    return statement.execute({
      organizationId,
      userId: viewer.userId,
      familyId: viewer.familyId,
      scope: viewer.establishmentScope,
      blueprintId,
      pattern: term ? `%${escapeLike(term)}%` : null,
      establishmentId: filter.establishmentId ?? null,
      age: filter.ageMonths ?? null,
      dayOfWeek: filter.dayOfWeek ?? null,
      timeZone: filter.timeZone ?? 'UTC',
      periodId: filter.periodId ?? null,
      now: now.toISOString(),
      ...range,
    });
  }

  // The next sessions of each activity of a page: one indexed probe per activity (lateral, limited).
  const upcoming = db
    .select({
      id: services.id,
      startDateTime: services.startDateTime,
      maxSeats: services.maxSeats,
      reservedSeats: services.reservedSeats,
    })
    .from(services)
    .where(
      and(
        eq(services.organizationId, p('organizationId')),
        eq(services.blueprintId, blueprints.id),
        sql`${services.startDateTime} >= ${p('now')}::timestamptz`,
        ne(services.status, 'cancelled'),
      ),
    )
    .orderBy(asc(services.startDateTime))
    .limit(p('perBlueprint'))
    .as('upcoming');
  const nextSessions = db
    .select({
      blueprintId: blueprints.id,
      id: upcoming.id,
      startDateTime: upcoming.startDateTime,
      maxSeats: upcoming.maxSeats,
      reservedSeats: upcoming.reservedSeats,
    })
    .from(blueprints)
    .crossJoinLateral(upcoming)
    .where(
      and(
        eq(blueprints.organizationId, p('organizationId')),
        sql`${blueprints.id} = any(${p('blueprintIds')}::text[])`,
      ),
    )
    .orderBy(asc(upcoming.startDateTime))
    .prepare('catalog_next_sessions');

  const supplements = db
    .select({
      blueprintId: blueprintSupplements.blueprintId,
      id: blueprintSupplements.id,
      name: blueprintSupplements.name,
      price: blueprintSupplements.price,
      minAge: blueprintSupplements.minAge,
      maxAge: blueprintSupplements.maxAge,
    })
    .from(blueprintSupplements)
    .where(
      and(
        eq(blueprintSupplements.organizationId, p('organizationId')),
        sql`${blueprintSupplements.blueprintId} = any(${p('blueprintIds')}::text[])`,
      ),
    )
    .orderBy(asc(blueprintSupplements.position), asc(blueprintSupplements.name))
    .prepare('catalog_supplements');

  const sessions = db
    .select({
      id: services.id,
      startDateTime: services.startDateTime,
      originalStartDateTime: services.originalStartDateTime,
      duration: services.duration,
      status: services.status,
      periodId: services.periodId,
      maxSeats: services.maxSeats,
      reservedSeats: services.reservedSeats,
    })
    .from(services)
    .where(
      and(
        eq(services.organizationId, p('organizationId')),
        eq(services.blueprintId, p('blueprintId')),
        sql`${services.startDateTime} >= ${p('from')}::timestamptz`,
        sql`${services.startDateTime} < ${p('until')}::timestamptz`,
      ),
    )
    .orderBy(asc(services.startDateTime))
    .limit(p('limit'))
    .prepare('catalog_sessions');

  return {
    async timeZone(organizationId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ timeZone: organizations.timeZone })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return row?.timeZone;
    },

    /** A live member of the family, or undefined. */
    async findFamilyMember(organizationId: string, familyId: string, memberId: string) {
      const [row] = await db
        .select({ id: members.id, birthdate: members.birthdate })
        .from(members)
        .where(
          and(
            eq(members.organizationId, organizationId),
            eq(members.familyId, familyId),
            eq(members.id, memberId),
            isNull(members.deletedAt),
          ),
        );
      return row;
    },

    /** Periods not over yet on `today` ('YYYY-MM-DD'), soonest first: the catalogue's period filter. */
    openPeriods(organizationId: string, today: string, establishmentId: string | null) {
      return db
        .select({
          id: periods.id,
          name: periods.name,
          startDate: periods.startDate,
          endDate: periods.endDate,
          establishmentId: periods.establishmentId,
        })
        .from(periods)
        .where(
          and(
            eq(periods.organizationId, organizationId),
            gte(periods.endDate, today),
            establishmentId ? eq(periods.establishmentId, establishmentId) : undefined,
          ),
        )
        .orderBy(asc(periods.startDate))
        .limit(50);
    },

    async periodExists(organizationId: string, periodId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: periods.id })
        .from(periods)
        .where(and(eq(periods.organizationId, organizationId), eq(periods.id, periodId)));
      return row !== undefined;
    },

    /** One page of the visible activities, by name, each row carrying the total count. */
    findVisible(
      organizationId: string,
      viewer: CatalogViewer,
      filter: CatalogFilter,
      now: Date,
      range: { limit: number; offset: number },
    ) {
      return runPage(organizationId, viewer, filter, now, null, range);
    },

    /** How many activities match (for a page past the end, which has no row to carry the total). */
    async countVisible(organizationId: string, viewer: CatalogViewer, filter: CatalogFilter, now: Date) {
      const [row] = await runPage(organizationId, viewer, filter, now, null, { limit: 1, offset: 0 });
      return row?.total ?? 0;
    },

    /** One visible activity, or undefined (unknown, archived or not visible to the viewer alike). */
    async findVisibleById(organizationId: string, viewer: CatalogViewer, blueprintId: string, now: Date) {
      const [row] = await runPage(organizationId, viewer, {}, now, blueprintId, { limit: 1, offset: 0 });
      return row;
    },

    /** The next `perBlueprint` sessions (not cancelled) of each activity, earliest first. */
    nextSessions(organizationId: string, blueprintIds: string[], now: Date, perBlueprint: number) {
      return nextSessions.execute({
        organizationId,
        blueprintIds,
        now: now.toISOString(),
        perBlueprint,
      });
    },

    supplements(organizationId: string, blueprintIds: string[]) {
      return supplements.execute({ organizationId, blueprintIds });
    },

    /** Every session of an activity starting in [from, until), cancelled ones included, earliest first. */
    upcomingSessions(organizationId: string, blueprintId: string, from: Date, until: Date, limit: number) {
      return sessions.execute({
        organizationId,
        blueprintId,
        from: from.toISOString(),
        until: until.toISOString(),
        limit,
      });
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
