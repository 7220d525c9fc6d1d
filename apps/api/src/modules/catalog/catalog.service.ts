import { TZDate } from '@date-fns/tz';
import {
  CATALOG_DETAIL_SESSION_DAYS,
  CATALOG_DETAIL_SESSION_LIMIT,
  CATALOG_NEXT_SESSIONS,
  type CatalogDetail,
  type CatalogPage,
  type CatalogQuery,
  isAtLeastEstManager,
  type Locale,
  REGISTRATION_SOON,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { type AuthContext, establishmentScope } from '../../plugins/auth';
import { toCatalogItem, toCatalogSession } from './catalog.dto';
import {
  type CatalogFilter,
  type CatalogViewer,
  createCatalogRepository,
  type NextSessionRow,
  type SupplementRow,
} from './catalog.repository';

const DAY_MS = 86_400_000;
const DEFAULT_TIME_ZONE = 'Europe/Brussels';

/** Whole months from a 'YYYY-MM-DD' birthdate to `now`'s calendar day in `timeZone` (never negative). */
export function ageInMonths(birthdate: string, now: Date, timeZone: string): number {
  const [by, bm, bd] = birthdate.split('-').map(Number) as [number, number, number];
  const today = new TZDate(now.getTime(), timeZone);
  const months =
    (today.getFullYear() - by) * 12 + (today.getMonth() + 1 - bm) - (today.getDate() < bd ? 1 : 0);
  return Math.max(0, months);
}

function groupByBlueprint<T extends { blueprintId: string }>(rows: T[]): (id: string) => T[] {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(row.blueprintId);
    if (group) group.push(row);
    else groups.set(row.blueprintId, [row]);
  }
  return (id) => groups.get(id) ?? [];
}

/** The activities a signed-in person may browse, with the visibility rules of spec section 4. */
export function createCatalogService(ctx: AppContext) {
  const repository = createCatalogRepository(ctx.db);

  const viewerOf = (auth: AuthContext): CatalogViewer => ({
    userId: auth.userId,
    familyId: auth.familyId,
    manager: isAtLeastEstManager(auth.actor),
    establishmentScope: establishmentScope(auth),
  });

  /** The cards' related rows for a whole page at once: two queries whatever the page holds. */
  async function related(organizationId: string, ids: string[], now: Date) {
    if (ids.length === 0) return { next: () => [], supplements: () => [] };
    const [next, supplements] = await Promise.all([
      repository.nextSessions(organizationId, ids, now, CATALOG_NEXT_SESSIONS),
      repository.supplements(organizationId, ids),
    ]);
    return {
      next: groupByBlueprint<NextSessionRow>(next),
      supplements: groupByBlueprint<SupplementRow>(supplements),
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
        filter.timeZone = (await repository.timeZone(organizationId)) ?? DEFAULT_TIME_ZONE;
      }
      if (query.memberId !== undefined) {
        // Only the caller's own family: another family's member is as unknown as a made-up id.
        const member = await repository.findFamilyMember(organizationId, auth.familyId, query.memberId);
        if (!member) throw new AppError('not_found');
        filter.ageMonths = member.birthdate
          ? ageInMonths(member.birthdate, now, filter.timeZone ?? DEFAULT_TIME_ZONE)
          : null;
      }
      if (query.periodId !== undefined && !(await repository.periodExists(organizationId, query.periodId))) {
        throw new AppError('not_found');
      }

      const viewer = viewerOf(auth);
      const offset = (query.page - 1) * query.pageSize;
      const rows = await repository.findVisible(organizationId, viewer, filter, now, {
        limit: query.pageSize,
        offset,
      });
      // Each row carries the total; past the last page there is no row to carry it.
      const total =
        rows[0]?.total ??
        (offset > 0 ? await repository.countVisible(organizationId, viewer, filter, now) : 0);
      const { next, supplements } = await related(
        organizationId,
        rows.map((row) => row.id),
        now,
      );
      return {
        items: rows.map((row) =>
          toCatalogItem(organizationId, row, next(row.id), supplements(row.id), locale),
        ),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** The periods a family can filter the catalogue by: those not over yet, in the organisation's time zone. */
    async periods(auth: AuthContext) {
      const timeZone = (await repository.timeZone(auth.organizationId)) ?? DEFAULT_TIME_ZONE;
      const today = new TZDate(ctx.clock.now().getTime(), timeZone).toISOString().slice(0, 10);
      return repository.openPeriods(auth.organizationId, today, establishmentScope(auth));
    },

    async detail(auth: AuthContext, blueprintId: string, locale: Locale): Promise<CatalogDetail> {
      const organizationId = auth.organizationId;
      const now = ctx.clock.now();
      const row = await repository.findVisibleById(organizationId, viewerOf(auth), blueprintId, now);
      if (!row) throw new AppError('not_found');
      const until = new Date(now.getTime() + CATALOG_DETAIL_SESSION_DAYS * DAY_MS);
      const [{ next, supplements }, sessions] = await Promise.all([
        related(organizationId, [row.id], now),
        repository.upcomingSessions(organizationId, row.id, now, until, CATALOG_DETAIL_SESSION_LIMIT),
      ]);
      return {
        ...toCatalogItem(organizationId, row, next(row.id), supplements(row.id), locale),
        sessions: sessions.map(toCatalogSession),
        // The registrations issue opens this; until then the page says registration opens soon.
        registration: { open: false, message: REGISTRATION_SOON[locale] },
      };
    },
  };
}
