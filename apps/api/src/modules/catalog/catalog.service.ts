import {
  ageInMonths,
  CATALOG_DETAIL_SESSION_LIMIT,
  CATALOG_NEXT_SESSIONS,
  type CatalogDetail,
  type CatalogPage,
  type CatalogQuery,
  isAtLeastEstManager,
  type Locale,
  localDay,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { type AuthContext, establishmentScope } from '../../lib/access';
import { createCatalogContextRepository, type ViewerClassFacts } from './catalog-context.repository';
import { toCatalogItem, toCatalogSession } from './catalog.dto';
import { type CatalogFilter, type CatalogViewer, createCatalogRepository } from './catalog.repository';
import { registrationNotice, upcomingSessions } from './registration-notice';

export const DEFAULT_TIME_ZONE = 'Europe/Brussels';

/** The activities a signed-in person may browse, with the visibility rules of spec section 4. */
export function createCatalogService(ctx: AppContext) {
  const repository = createCatalogRepository(ctx.db);
  const context = createCatalogContextRepository(ctx.db);

  const viewerOf = (auth: AuthContext): CatalogViewer => ({
    userId: auth.userId,
    familyId: auth.familyId,
    manager: isAtLeastEstManager(auth.actor),
    establishmentScope: establishmentScope(auth),
  });

  /** One page for `viewer`, the filter resolved (an unknown period is 404). */
  async function page(
    organizationId: string,
    viewer: CatalogViewer,
    filter: CatalogFilter,
    query: CatalogQuery,
    locale: Locale,
    now: Date,
  ): Promise<CatalogPage> {
    if (query.periodId !== undefined && !(await context.periodExists(organizationId, query.periodId))) {
      throw new AppError('not_found');
    }
    const offset = (query.page - 1) * query.pageSize;
    // One round trip: the page's activities with their next sessions and supplements.
    const rows = await repository.findVisible(organizationId, viewer, filter, now, {
      limit: query.pageSize,
      offset,
      nextSessions: CATALOG_NEXT_SESSIONS,
    });
    // Each row carries the total; past the last page there is no row to carry it.
    const total =
      rows[0]?.total ?? (offset > 0 ? await repository.countVisible(organizationId, viewer, filter, now) : 0);
    return {
      items: rows.map((row) => toCatalogItem(organizationId, row, row.nextSessions, row.supplements, locale)),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  return {
    async list(auth: AuthContext, query: CatalogQuery, locale: Locale): Promise<CatalogPage> {
      const organizationId = auth.organizationId;
      const now = ctx.clock.now();
      const filter: CatalogFilter = {
        q: query.q ?? undefined,
        establishmentId: query.establishmentId,
        dayOfWeek: query.dayOfWeek,
        periodId: query.periodId,
      };
      if (query.memberId !== undefined || query.dayOfWeek !== undefined) {
        filter.timeZone = (await context.timeZone(organizationId)) ?? DEFAULT_TIME_ZONE;
      }
      if (query.memberId !== undefined) {
        // Only the caller's own family: another family's member is as unknown as a made-up id.
        const member = await context.findFamilyMember(organizationId, auth.familyId, query.memberId);
        if (!member) throw new AppError('not_found');
        filter.ageMonths = member.birthdate
          ? ageInMonths(member.birthdate, now, filter.timeZone ?? DEFAULT_TIME_ZONE)
          : null;
      }
      return page(organizationId, viewerOf(auth), filter, query, locale, now);
    },

    /** What puts a plain family member in a visibility class (see catalog-cache.ts). */
    classFacts(auth: AuthContext): Promise<ViewerClassFacts> {
      return context.viewerClassFacts(auth.organizationId, auth.userId, auth.familyId);
    },

    /**
     * The page every viewer of a visibility class sees: public and protected activities plus the class's
     * private ones, for a member aged `ageMonths` (null: birthdate unknown; undefined: no age filter). It
     * depends on nothing but its arguments (and the data), so every family of the class can share it.
     */
    listForClass(
      organizationId: string,
      facts: Pick<ViewerClassFacts, 'privateActivityIds' | 'timeZone'>,
      query: CatalogQuery,
      ageMonths: number | null | undefined,
      locale: Locale,
    ): Promise<CatalogPage> {
      const filter: CatalogFilter = {
        q: query.q ?? undefined,
        establishmentId: query.establishmentId,
        dayOfWeek: query.dayOfWeek,
        periodId: query.periodId,
        timeZone: facts.timeZone ?? DEFAULT_TIME_ZONE,
      };
      if (ageMonths !== undefined) filter.ageMonths = ageMonths;
      const viewer: CatalogViewer = {
        userId: '',
        familyId: '',
        manager: false,
        establishmentScope: null,
        privateActivityIds: facts.privateActivityIds,
      };
      return page(organizationId, viewer, filter, query, locale, ctx.clock.now());
    },

    /** The periods a family can filter the catalogue by: those not over yet, in the organisation's time zone. */
    async periods(auth: AuthContext) {
      const timeZone = (await context.timeZone(auth.organizationId)) ?? DEFAULT_TIME_ZONE;
      const today = localDay(ctx.clock.now(), timeZone);
      return context.openPeriods(auth.organizationId, today, establishmentScope(auth));
    },

    async detail(auth: AuthContext, blueprintId: string, locale: Locale): Promise<CatalogDetail> {
      const organizationId = auth.organizationId;
      const now = ctx.clock.now();
      const row = await repository.findVisibleById(organizationId, viewerOf(auth), blueprintId, now);
      if (!row) throw new AppError('not_found');
      // The same rule as the card's next sessions (starting from now, however far), so a card listing
      // sessions never opens on a page saying there are none.
      const sessions = await context.upcomingSessions(
        organizationId,
        row.id,
        now,
        CATALOG_DETAIL_SESSION_LIMIT,
      );
      // The periods' openings matter only when every upcoming session has a period.
      const upcoming = upcomingSessions(sessions, now);
      const periodIds = upcoming.every((s) => s.periodId !== null)
        ? [...new Set(upcoming.map((s) => s.periodId!))]
        : [];
      const openings = periodIds.length > 0 ? await context.periodOpenings(organizationId, periodIds) : [];
      return {
        ...toCatalogItem(organizationId, row, row.nextSessions, row.supplements, locale),
        sessions: sessions.map(toCatalogSession),
        registration: registrationNotice(row.visibility, upcoming, openings, now, locale),
      };
    },
  };
}
