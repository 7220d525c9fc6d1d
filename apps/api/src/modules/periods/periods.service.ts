import {
  DEFAULT_ESTABLISHMENT_ID,
  type Locale,
  type PeriodInput,
  type PeriodListQuery,
  type PeriodServicesInput,
  type PlanNextInput,
  type UpdatePeriodInput,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError, refused } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { type AuthContext, establishmentScope } from '../../lib/access';
import { addDaysToDate, shiftByWeeks, toLocal, weeksCovering } from '../services/series';
import { holderName } from '../services/services.dto';
import { createServicesRepository, type NewServiceRow } from '../services/services.repository';
import { fieldError, organizationTimeZone } from '../services/service-common';
import { toPeriodDto } from './periods.dto';
import { createPeriodsRepository, type PeriodView } from './periods.repository';

/** Proposed name of the period planned after `name` (the form lets the manager change it). */
const nextName = (name: string, locale: Locale) => `${name} ${locale === 'fr' ? '(suite)' : '(next)'}`;

const IN_CHUNK = 1000;

/** Periods: named date ranges holding sessions, and planning the next one from the current one. */
export function createPeriodsService(ctx: AppContext) {
  const repository = createPeriodsRepository(ctx.db);

  async function findPeriod(db: Executor, auth: AuthContext, id: string): Promise<PeriodView> {
    const period = await createPeriodsRepository(db).findById(
      auth.organizationId,
      id,
      establishmentScope(auth),
    );
    if (!period) throw new AppError('not_found');
    return period;
  }

  async function periodDto(auth: AuthContext, id: string) {
    const period = await findPeriod(ctx.db, auth, id);
    const counts = await repository.serviceCounts(auth.organizationId, [id]);
    const registrations = await repository.registrationCounts(auth.organizationId, [id]);
    return toPeriodDto(period, counts.get(id) ?? 0, registrations.get(id) ?? 0);
  }

  /** An establishment the caller may put a period in: their own for an establishment manager. */
  async function checkEstablishment(
    db: Executor,
    auth: AuthContext,
    establishmentId: string,
    locale: Locale,
  ) {
    const scope = establishmentScope(auth);
    if (scope && establishmentId !== scope) throw new AppError('forbidden');
    if (!(await createPeriodsRepository(db).establishmentExists(auth.organizationId, establishmentId)))
      throw fieldError('not_found', 'establishmentId', 'notFound', locale);
  }

  /**
   * The next period planned from `period`: its dates and sessions shifted by `weeks` at the same local
   * time in the organisation's zone, with the holders who are still holders. A postponed session is
   * copied at its first announced date, which is the one that follows the weekly pattern; cancelled
   * sessions are not copied.
   */
  async function plan(db: Executor, auth: AuthContext, period: PeriodView, weeks: number, timeZone: string) {
    const organizationId = auth.organizationId;
    const sessions = await createPeriodsRepository(db).sessionsToCopy(organizationId, period.id);
    const services = createServicesRepository(db);
    const prestations = [];
    for (let i = 0; i < sessions.length; i += IN_CHUNK) {
      prestations.push(
        ...(await services.prestationsOf(
          organizationId,
          sessions.slice(i, i + IN_CHUNK).map((s) => s.id),
        )),
      );
    }
    const holderIds = [...new Set(prestations.map((p) => p.holderUserId))];
    const liveHolders = new Set((await services.findHolders(organizationId, holderIds)).map((h) => h.id));
    const holdersByService = new Map<string, typeof prestations>();
    for (const p of prestations) {
      if (!liveHolders.has(p.holderUserId)) continue;
      holdersByService.set(p.serviceId, [...(holdersByService.get(p.serviceId) ?? []), p]);
    }
    return {
      startDate: addDaysToDate(period.startDate, weeks * 7),
      endDate: addDaysToDate(period.endDate, weeks * 7),
      registrationOpensAt: period.registrationOpensAt
        ? shiftByWeeks(period.registrationOpensAt, weeks, timeZone)
        : null,
      sessions: sessions.map((session) => {
        const startDateTime = shiftByWeeks(
          session.originalStartDateTime ?? session.startDateTime,
          weeks,
          timeZone,
        );
        return {
          ...session,
          startDateTime,
          source: session,
          holders: holdersByService.get(session.id) ?? [],
        };
      }),
    };
  }

  return {
    async list(auth: AuthContext, query: PeriodListQuery) {
      const { page, pageSize } = query;
      const { rows, total } = await repository.list(
        auth.organizationId,
        [establishmentScope(auth), query.establishmentId],
        pageSize,
        (page - 1) * pageSize,
      );
      const ids = rows.map((r) => r.id);
      const counts = await repository.serviceCounts(auth.organizationId, ids);
      const registrations = await repository.registrationCounts(auth.organizationId, ids);
      return {
        items: rows.map((r) => toPeriodDto(r, counts.get(r.id) ?? 0, registrations.get(r.id) ?? 0)),
        total,
        page,
        pageSize,
      };
    },

    get: periodDto,

    async create(auth: AuthContext, input: PeriodInput, locale: Locale) {
      const establishmentId = input.establishmentId ?? establishmentScope(auth) ?? DEFAULT_ESTABLISHMENT_ID;
      await checkEstablishment(ctx.db, auth, establishmentId, locale);
      const id = newId('per');
      await repository.insert({
        organizationId: auth.organizationId,
        id,
        establishmentId,
        name: input.name,
        startDate: input.startDate,
        endDate: input.endDate,
        registrationOpensAt: input.registrationOpensAt ? new Date(input.registrationOpensAt) : null,
      });
      return periodDto(auth, id);
    },

    async update(auth: AuthContext, id: string, input: UpdatePeriodInput, locale: Locale) {
      await ctx.db.transaction(async (tx) => {
        const periods = createPeriodsRepository(tx);
        const period = await findPeriod(tx, auth, id);
        const startDate = input.startDate ?? period.startDate;
        const endDate = input.endDate ?? period.endDate;
        if (endDate < startDate) throw fieldError('validation_failed', 'endDate', 'endBeforeStart', locale);
        if (input.establishmentId !== undefined && input.establishmentId !== period.establishmentId) {
          await checkEstablishment(tx, auth, input.establishmentId, locale);
          if (await periods.holdsServicesOutside(auth.organizationId, id, input.establishmentId))
            throw refused('period_other_establishment', undefined, {
              field: 'establishmentId',
              rule: 'periodEstablishment',
              locale,
            });
        }
        await periods.update(auth.organizationId, id, {
          name: input.name,
          startDate: input.startDate,
          endDate: input.endDate,
          establishmentId: input.establishmentId,
          registrationOpensAt:
            input.registrationOpensAt === undefined
              ? undefined
              : input.registrationOpensAt
                ? new Date(input.registrationOpensAt)
                : null,
        });
      });
      return periodDto(auth, id);
    },

    /** Deletes an empty period; one that still holds sessions answers 409. */
    async delete(auth: AuthContext, id: string, locale: Locale) {
      await ctx.db.transaction(async (tx) => {
        const periods = createPeriodsRepository(tx);
        await findPeriod(tx, auth, id);
        const counts = await periods.serviceCounts(auth.organizationId, [id]);
        if ((counts.get(id) ?? 0) > 0)
          throw refused('period_has_sessions', undefined, { field: 'id', rule: 'periodHasServices', locale });
        await periods.delete(auth.organizationId, id);
      });
    },

    /** Puts existing sessions, or whole series, in the period (of the same establishment). */
    async addServices(auth: AuthContext, id: string, input: PeriodServicesInput, locale: Locale) {
      const serviceIds = [...new Set(input.serviceIds ?? [])];
      const seriesIds = [...new Set(input.seriesIds ?? [])];
      return ctx.db.transaction(async (tx) => {
        const periods = createPeriodsRepository(tx);
        const period = await findPeriod(tx, auth, id);
        const scope = establishmentScope(auth);
        const found = [];
        for (let i = 0; i < Math.max(serviceIds.length, seriesIds.length); i += 500) {
          found.push(
            ...(await periods.findServicesToAssign(
              auth.organizationId,
              serviceIds.slice(i, i + 500),
              seriesIds.slice(i, i + 500),
            )),
          );
        }
        // Another establishment's sessions do not exist for its manager.
        const visible = scope ? found.filter((s) => s.establishmentId === scope) : found;
        const foundIds = new Set(visible.map((s) => s.id));
        const foundSeries = new Set(visible.map((s) => s.seriesId));
        if (serviceIds.some((serviceId) => !foundIds.has(serviceId)))
          throw fieldError('not_found', 'serviceIds', 'notFound', locale);
        if (seriesIds.some((seriesId) => !foundSeries.has(seriesId)))
          throw fieldError('not_found', 'seriesIds', 'notFound', locale);
        if (visible.some((s) => s.establishmentId !== period.establishmentId))
          throw fieldError('validation_failed', 'serviceIds', 'periodEstablishment', locale);
        const updated = await periods.assignServices(auth.organizationId, id, [...foundIds]);
        return { updated };
      });
    },

    /** Takes sessions (or series) out of the period; the sessions stay, in no period. */
    async removeServices(auth: AuthContext, id: string, input: PeriodServicesInput) {
      await findPeriod(ctx.db, auth, id);
      const updated = await repository.removeServices(
        auth.organizationId,
        id,
        input.serviceIds ?? [],
        input.seriesIds ?? [],
      );
      return { updated };
    },

    /** What planning the next period would create: nothing is written. */
    async planNextPreview(auth: AuthContext, id: string, weeks: number | undefined, locale: Locale) {
      const period = await findPeriod(ctx.db, auth, id);
      const timeZone = await organizationTimeZone(ctx, auth.organizationId);
      const shift = weeks ?? weeksCovering(period.startDate, period.endDate);
      const next = await plan(ctx.db, auth, period, shift, timeZone);
      return {
        sourcePeriodId: period.id,
        weeks: shift,
        name: nextName(period.name, locale),
        establishmentId: period.establishmentId,
        startDate: next.startDate,
        endDate: next.endDate,
        registrationOpensAt: next.registrationOpensAt?.toISOString() ?? null,
        services: next.sessions.map((s) => ({
          sourceServiceId: s.id,
          blueprintId: s.blueprintId,
          blueprintName: s.blueprintName,
          colorCode: s.colorCode,
          sourceStartDateTime: s.source.startDateTime.toISOString(),
          startDateTime: s.startDateTime.toISOString(),
          ...toLocal(s.startDateTime, timeZone),
          duration: s.duration,
          maxSeats: s.maxSeats,
          sourceSeriesId: s.seriesId,
          holders: s.holders.map((h) => ({ id: h.holderUserId, displayName: holderName(h, locale) })),
        })),
      };
    },

    /**
     * Creates the next period, its sessions (confirmed, no seat taken, new series mapped one to one)
     * and their holders' prestations, in one transaction.
     */
    async planNext(auth: AuthContext, id: string, input: PlanNextInput) {
      const organizationId = auth.organizationId;
      const timeZone = await organizationTimeZone(ctx, organizationId);
      return ctx.db.transaction(async (tx) => {
        const period = await findPeriod(tx, auth, id);
        const next = await plan(tx, auth, period, input.weeks, timeZone);
        const periodId = newId('per');
        await createPeriodsRepository(tx).insert({
          organizationId,
          id: periodId,
          establishmentId: period.establishmentId,
          name: input.name,
          startDate: next.startDate,
          endDate: next.endDate,
          registrationOpensAt:
            input.registrationOpensAt === undefined
              ? next.registrationOpensAt
              : input.registrationOpensAt
                ? new Date(input.registrationOpensAt)
                : null,
          previousPeriodId: period.id,
        });
        const seriesMap = new Map<string, string>();
        const newSeries = (old: string | null) => {
          if (!old) return null;
          if (!seriesMap.has(old)) seriesMap.set(old, newId('ser'));
          return seriesMap.get(old)!;
        };
        const rows: NewServiceRow[] = [];
        const prestations = [];
        for (const session of next.sessions) {
          const serviceId = newId('svc');
          rows.push({
            organizationId,
            id: serviceId,
            blueprintId: session.blueprintId,
            periodId,
            seriesId: newSeries(session.seriesId),
            startDateTime: session.startDateTime,
            duration: session.duration,
            maxSeats: session.maxSeats,
            reservedSeats: 0,
            status: 'confirmed',
          });
          for (const holder of session.holders) {
            prestations.push({
              organizationId,
              id: newId('prs'),
              serviceId,
              holderUserId: holder.holderUserId,
              status: 'assigned',
            });
          }
        }
        const services = createServicesRepository(tx);
        await services.insertServices(rows);
        await services.insertPrestations(prestations);
        return {
          periodId,
          servicesCount: rows.length,
          prestationsCount: prestations.length,
          seriesCount: seriesMap.size,
        };
      });
    },
  };
}
