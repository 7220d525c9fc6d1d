import { AGE_LIMIT_MONTHS_BELOW, CATALOG_NEXT_SESSIONS, type SupplementFrequency } from '@inscrio/shared';
import { type AnyColumn, and, asc, eq, isNull, or, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { blueprints, blueprintSupplements, establishments, participants, services } from '../../db/schema';
import { LIVE_STATUSES } from '../registrations/participants.repository';

/** Who is looking at the catalogue: decides which activities are visible (spec section 4). */
export interface CatalogViewer {
  userId: string;
  familyId: string;
  /** Managers (at least establishment manager) also see hidden and private activities… */
  manager: boolean;
  /** …of this establishment only, for an establishment manager; null means the whole organisation. */
  establishmentScope: string | null;
  /**
   * Set for a page shared by a visibility class (catalog-cache.ts): the private activities the class takes
   * part in, given instead of looked up from the family's registrations; the creator rule is left out (a
   * creator of a hidden or private activity is never served from a class).
   */
  privateActivityIds?: string[];
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

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A named parameter of a prepared statement. */
const p = (name: string) => sql.placeholder(name);

/** Registration statuses that make a family "take part" in an activity. */
export const LIVE_STATUSES_SQL = sql.raw(`(${LIVE_STATUSES.map((s) => `'${s}'`).join(', ')})`);

/**
 * Private activities a family already takes part in: a live registration (invited, reserved, confirmed,
 * or a request under review) of one of its members to a session of the activity.
 */
function familyTakesPart(organizationId: SQLWrapper, familyId: SQLWrapper): SQL {
  return sql`exists (select 1 from ${participants} inner join ${services} on ${services.organizationId} = ${participants.organizationId} and ${services.id} = ${participants.serviceId}
    where ${participants.organizationId} = ${organizationId} and ${participants.familyId} = ${familyId}
      and ${services.blueprintId} = ${blueprints.id}
      and ${participants.status} in ${LIVE_STATUSES_SQL})`;
}

/**
 * What a page query looks like: who is looking and which filters are on. Each shape is one prepared
 * statement with only the conditions it needs (so PostgreSQL settles on a plan for it and stops planning),
 * the values being parameters. There are a few hundred shapes at most.
 */
interface PageShape {
  /** `class`: a page shared by a visibility class, its private activities given (`privateIds`). */
  viewer: 'member' | 'class' | 'manager' | 'establishment-manager';
  byId: boolean;
  q: boolean;
  establishment: boolean;
  age: 'any' | 'known' | 'unknown';
  dayOfWeek: boolean;
  period: boolean;
}

const shapeKey = (shape: PageShape) =>
  [
    { member: 'm', class: 'c', manager: 'a', 'establishment-manager': 'e' }[shape.viewer],
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
  if (viewer === 'class') {
    return and(
      isNull(blueprints.archivedAt),
      or(
        sql`${blueprints.visibility} in ('public', 'protected')`,
        and(eq(blueprints.visibility, 'private'), sql`${blueprints.id} = any(${p('privateIds')}::text[])`),
      ),
    );
  }
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

/**
 * `ageLimitEndMonths` of @inscrio/shared in SQL, for a positive maximum (months): the first age in months
 * the maximum no longer admits, the last year (or month, below 3 years) included. Tested against it.
 */
export const ageLimitEndSql = (maxMonths: SQL | AnyColumn) =>
  sql`(case when ${maxMonths} >= ${sql.raw(String(AGE_LIMIT_MONTHS_BELOW))} and ${maxMonths} % 12 = 0
    then ${maxMonths} + 12 else ${maxMonths} + 1 end)`;

/**
 * The conditions of a shape. A null or 0 age bound means no limit; an unknown age keeps unlimited ones; a
 * known age is within the limits as `isWithinAgeLimits` says (the maximum's last year included).
 */
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
      ? sql`(${noMin} or ${blueprints.minAge} <= ${p('age')}::int) and (${noMax} or ${p('age')}::int < ${ageLimitEndSql(blueprints.maxAge)})`
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

/** The next sessions of a page's activity, as the page query's JSON sends them (`startDateTime` is ISO UTC). */
export interface NextSessionRow {
  id: string;
  startDateTime: string;
  maxSeats: number;
  reservedSeats: number;
}

export interface SupplementRow {
  id: string;
  name: string;
  price: number;
  minAge: number | null;
  maxAge: number | null;
  frequency: SupplementFrequency;
}

/** A page: `limit` rows from `offset`, each with its first `nextSessions` upcoming sessions (default 3). */
export interface PageRange {
  limit: number;
  offset: number;
  nextSessions?: number;
}

/** `Date.prototype.toISOString()`'s format, in SQL (to_char truncates to milliseconds as Date does). */
const isoUtc = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The catalogue's reads. Every query is scoped by `organizationId`. A page is one prepared statement, one
 * round trip: the visible activities of the page (each carrying the total), and for each of them its next
 * sessions and its supplements as JSON arrays (one indexed, limited probe per activity of the page).
 */
export function createCatalogRepository(db: Executor) {
  const buildPage = (shape: PageShape) => {
    const page = db
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
        establishmentName: sql<string>`${establishments.name}`.as('establishment_name'),
        total: sql<number>`cast(count(*) over () as int)`.as('total'),
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
      .as('page');
    // Qualified by hand: drizzle writes a subquery's column unqualified, which the correlated subqueries
    // below would read as their own `id`.
    const pageId = sql`${sql.identifier('page')}.${sql.identifier('id')}`;
    return db
      .select({
        id: page.id,
        name: page.name,
        description: page.description,
        imageAssetId: page.imageAssetId,
        price: page.price,
        taxPercentage: page.taxPercentage,
        duration: page.duration,
        maxSeats: page.maxSeats,
        colorCode: page.colorCode,
        locationType: page.locationType,
        location: page.location,
        minAge: page.minAge,
        maxAge: page.maxAge,
        visibility: page.visibility,
        establishmentId: page.establishmentId,
        establishmentName: page.establishmentName,
        total: page.total,
        // The next sessions (not cancelled) of the activity, earliest first: the index
        // (organization_id, blueprint_id, start_date_time) read from `now`, stopping after `perBlueprint`.
        nextSessions: sql<NextSessionRow[]>`(
          select coalesce(json_agg(json_build_object(
              'id', n.id, 'startDateTime', ${isoUtc(sql`n.start_date_time`)},
              'maxSeats', n.max_seats, 'reservedSeats', n.reserved_seats
            ) order by n.start_date_time, n.id), '[]'::json)
          from (
            select s.id, s.start_date_time, s.max_seats, s.reserved_seats from ${services} s
            where s.organization_id = ${p('organizationId')} and s.blueprint_id = ${pageId}
              and s.start_date_time >= ${p('now')}::timestamptz and s.status <> 'cancelled'
            order by s.start_date_time
            limit ${p('perBlueprint')}
          ) n)`.as('next_sessions'),
        supplements: sql<SupplementRow[]>`(
          select coalesce(json_agg(json_build_object(
              'id', x.id, 'name', x.name, 'price', x.price, 'minAge', x.min_age, 'maxAge', x.max_age,
              'frequency', x.frequency
            ) order by x.position, x.name), '[]'::json)
          from ${blueprintSupplements} x
          where x.organization_id = ${p('organizationId')} and x.blueprint_id = ${pageId})`.as('supplements'),
      })
      .from(page)
      .orderBy(asc(page.name), asc(page.id))
      .prepare(`catalog_page_${shapeKey(shape)}`);
  };

  const pages = new Map<string, ReturnType<typeof buildPage>>();

  /** Runs the page query of the viewer and filter's shape, preparing it on first use. */
  function runPage(
    organizationId: string,
    viewer: CatalogViewer,
    filter: CatalogFilter,
    now: Date,
    blueprintId: string | null,
    range: PageRange,
  ) {
    const term = filter.q?.trim();
    const shape: PageShape = {
      viewer: viewer.manager
        ? viewer.establishmentScope
          ? 'establishment-manager'
          : 'manager'
        : viewer.privateActivityIds
          ? 'class'
          : 'member',
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
      privateIds: viewer.privateActivityIds ?? [],
      blueprintId,
      pattern: term ? `%${escapeLike(term)}%` : null,
      establishmentId: filter.establishmentId ?? null,
      age: filter.ageMonths ?? null,
      dayOfWeek: filter.dayOfWeek ?? null,
      timeZone: filter.timeZone ?? 'UTC',
      periodId: filter.periodId ?? null,
      now: now.toISOString(),
      limit: range.limit,
      offset: range.offset,
      perBlueprint: range.nextSessions ?? CATALOG_NEXT_SESSIONS,
    });
  }

  return {
    /**
     * One page of the visible activities, by name, each row carrying the total count, its next sessions
     * and its supplements.
     */
    findVisible(
      organizationId: string,
      viewer: CatalogViewer,
      filter: CatalogFilter,
      now: Date,
      range: PageRange,
    ) {
      return runPage(organizationId, viewer, filter, now, null, range);
    },

    /** How many activities match (for a page past the end, which has no row to carry the total). */
    async countVisible(organizationId: string, viewer: CatalogViewer, filter: CatalogFilter, now: Date) {
      const [row] = await runPage(organizationId, viewer, filter, now, null, {
        limit: 1,
        offset: 0,
        nextSessions: 0,
      });
      return row?.total ?? 0;
    },

    /**
     * One visible activity with its next sessions and supplements, or undefined (unknown, archived or not
     * visible to the viewer alike).
     */
    async findVisibleById(organizationId: string, viewer: CatalogViewer, blueprintId: string, now: Date) {
      const [row] = await runPage(organizationId, viewer, {}, now, blueprintId, { limit: 1, offset: 0 });
      return row;
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
