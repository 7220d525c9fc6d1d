import {
  ageInMonthsOn,
  type CreateServiceInput,
  displayName,
  isHolder,
  type Locale,
  localDay,
  type PostponeServiceInput,
  SERIES_MAX_SESSIONS,
  type ServiceListQuery,
  type UpdateServiceInput,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError, refused } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { type AuthContext, establishmentScope } from '../../lib/access';
import { createPrestationsService } from './prestations.service';
import { generateWeeklySeries, SeriesError, toLocal } from './series';
import {
  assertPeriodFor,
  fieldError,
  managerScopeOf,
  organizationTimeZone,
  SERIES_MESSAGES,
  serviceScopeOf,
  startOf,
} from './service-common';
import { toPrestationSummaryDto, toServiceDto } from './services.dto';
import { createServicesRepository, type NewServiceRow } from './services.repository';
import { COMING_STATUSES, createSessionContextRepository } from './session-context.repository';

/** A session row under its lock, with its activity's establishment. */
export type LockedService = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createServicesRepository>['lockById']>>
>;

/** Sessions (services) and holders' assignments (prestations). */
export function createServicesService(ctx: AppContext) {
  const repository = createServicesRepository(ctx.db);
  const sessionContext = createSessionContextRepository(ctx.db);

  async function serviceDto(auth: AuthContext, id: string, locale: Locale) {
    const service = await repository.findById(auth.organizationId, id, serviceScopeOf(auth));
    if (!service) throw new AppError('not_found');
    const prestations = await repository.prestationsOf(auth.organizationId, [id]);
    return {
      ...toServiceDto(service, prestations, locale),
      attendees: (await sessionContext.attendeesOf(auth.organizationId, id))
        // A holder sees who comes, never invited, pending or cancelled participants.
        .filter((a) => !isHolder(auth.actor) || (COMING_STATUSES as readonly string[]).includes(a.status))
        .map((a) => ({
          id: a.id,
          displayName: displayName(a, 'participant', locale),
          status: a.status,
        })),
      prestations: prestations.map((p) => toPrestationSummaryDto(p, locale)),
    };
  }

  /** Who comes to a session its caller may see (a holder: only the sessions they hold). */
  async function comingParticipants(auth: AuthContext, id: string, locale: Locale) {
    const service = await repository.findById(auth.organizationId, id, serviceScopeOf(auth));
    if (!service) throw new AppError('not_found');
    const timeZone = await organizationTimeZone(ctx, auth.organizationId);
    const day = localDay(service.startDateTime, timeZone);
    const rows = await sessionContext.comingTo(auth.organizationId, id);
    const items = rows.map((row) => ({
      id: row.id,
      displayName: displayName(row, 'participant', locale),
      status: row.status === 'absent' ? ('absent' as const) : ('confirmed' as const),
      ageMonths: ageInMonthsOn(row.birthdate, day),
      familyPhone: row.familyPhone,
    }));
    return { items, coming: items.filter((item) => item.status === 'confirmed').length };
  }

  /** Updates a session under its row lock, after `change` has checked it. */
  async function changeService(
    auth: AuthContext,
    id: string,
    locale: Locale,
    change: (service: LockedService, tx: Executor) => Promise<Partial<NewServiceRow> | undefined>,
  ) {
    await ctx.db.transaction(async (tx) => {
      const services = createServicesRepository(tx);
      const locked = await services.lockById(auth.organizationId, id, managerScopeOf(auth));
      if (!locked) throw new AppError('not_found');
      const fields = await change(locked, tx);
      if (fields) await services.update(auth.organizationId, id, fields);
    });
    return serviceDto(auth, id, locale);
  }

  return {
    ...createPrestationsService(ctx),

    /** Creates one session or a weekly series (or, with `preview`, only answers the start instants). */
    async create(auth: AuthContext, input: CreateServiceInput, locale: Locale) {
      const organizationId = auth.organizationId;
      const blueprint = await repository.findBlueprint(organizationId, input.blueprintId);
      if (!blueprint) throw fieldError('not_found', 'blueprintId', 'notFound', locale);
      const scope = establishmentScope(auth);
      if (scope && blueprint.establishmentId !== scope) throw new AppError('forbidden');
      if (blueprint.archivedAt)
        throw refused('blueprint_archived', undefined, {
          field: 'blueprintId',
          rule: 'sessionBlueprintArchived',
          locale,
        });
      if (input.periodId)
        await assertPeriodFor(ctx.db, auth, input.periodId, blueprint.establishmentId, locale);
      const holderIds = [...new Set(input.holderIds ?? [])];
      const holders = await repository.findHolders(organizationId, holderIds);
      if (holders.length !== holderIds.length)
        throw fieldError('not_found', 'holderIds', 'holderNotFound', locale);

      const timeZone = await organizationTimeZone(ctx, organizationId);
      let starts: { startDateTime: Date; date: string; time: string }[];
      if (input.series) {
        try {
          starts = generateWeeklySeries({ timeZone, ...input.series });
        } catch (error) {
          if (!(error instanceof SeriesError)) throw error;
          throw fieldError(
            'validation_failed',
            `series.${error.field}`,
            SERIES_MESSAGES[error.problem],
            locale,
            {
              max: SERIES_MAX_SESSIONS,
            },
          );
        }
      } else {
        const start = startOf(input, timeZone)!;
        starts = [{ startDateTime: start, ...toLocal(start, timeZone) }];
      }

      const duration = input.duration ?? blueprint.duration;
      const maxSeats = input.maxSeats ?? blueprint.maxSeats;
      const seriesId = input.series && !input.preview ? newId('ser') : null;
      const rows: NewServiceRow[] = starts.map((start) => ({
        organizationId,
        id: input.preview ? '' : newId('svc'),
        blueprintId: blueprint.id,
        periodId: input.periodId ?? null,
        seriesId,
        startDateTime: start.startDateTime,
        duration,
        maxSeats,
        status: 'confirmed',
      }));
      if (!input.preview) {
        await ctx.db.transaction(async (tx) => {
          const services = createServicesRepository(tx);
          await services.insertServices(rows);
          await services.insertPrestations(
            rows.flatMap((row) =>
              holderIds.map((holderUserId) => ({
                organizationId,
                id: newId('prs'),
                serviceId: row.id,
                holderUserId,
                status: 'assigned',
              })),
            ),
          );
        });
      }
      return {
        preview: input.preview === true,
        seriesId,
        duration,
        maxSeats,
        count: rows.length,
        items: rows.map((row, i) => ({
          id: input.preview ? null : row.id,
          startDateTime: starts[i]!.startDateTime.toISOString(),
          date: starts[i]!.date,
          time: starts[i]!.time,
        })),
      };
    },

    async list(auth: AuthContext, query: ServiceListQuery, locale: Locale) {
      const { page, pageSize } = query;
      const { rows, total } = await repository.list(
        auth.organizationId,
        {
          from: query.from ? new Date(query.from) : undefined,
          to: query.to ? new Date(query.to) : undefined,
          blueprintId: query.blueprintId,
          periodId: query.periodId,
          seriesId: query.seriesId,
          establishmentId: query.establishmentId,
          status: query.status,
        },
        serviceScopeOf(auth),
        pageSize,
        (page - 1) * pageSize,
      );
      const prestations = await repository.prestationsOf(
        auth.organizationId,
        rows.map((r) => r.id),
      );
      const byService = new Map<string, typeof prestations>();
      for (const p of prestations) byService.set(p.serviceId, [...(byService.get(p.serviceId) ?? []), p]);
      return {
        items: rows.map((row) => toServiceDto(row, byService.get(row.id) ?? [], locale)),
        total,
        page,
        pageSize,
      };
    },

    get: serviceDto,
    participants: comingParticipants,

    async update(auth: AuthContext, id: string, input: UpdateServiceInput, locale: Locale) {
      const timeZone = await organizationTimeZone(ctx, auth.organizationId);
      return changeService(auth, id, locale, async ({ service, establishmentId }, tx) => {
        if (input.maxSeats !== undefined && input.maxSeats !== -1 && input.maxSeats < service.reservedSeats) {
          throw refused(
            'seats_below_reserved',
            { reserved: service.reservedSeats },
            { field: 'maxSeats', rule: 'seatsBelowReserved', locale },
          );
        }
        if (input.periodId) await assertPeriodFor(tx, auth, input.periodId, establishmentId, locale);
        return {
          startDateTime: startOf(input, timeZone),
          duration: input.duration,
          maxSeats: input.maxSeats,
          periodId: input.periodId,
        };
      });
    },

    /**
     * New date; the first announced one is kept (a second postponement does not overwrite it).
     * `onPostponed` runs in the same transaction when the start moves (the session-changes module tells
     * the families there).
     */
    async postpone(
      auth: AuthContext,
      id: string,
      input: PostponeServiceInput,
      locale: Locale,
      onPostponed?: (tx: Executor, locked: LockedService, start: Date) => Promise<void>,
    ) {
      const timeZone = await organizationTimeZone(ctx, auth.organizationId);
      return changeService(auth, id, locale, async (locked, tx) => {
        const { service } = locked;
        if (service.status === 'cancelled')
          throw refused('cancelled_session_not_postponable', undefined, {
            field: 'status',
            rule: 'sessionCancelledNoPostpone',
            locale,
          });
        const start = startOf(input, timeZone);
        if (start && start.getTime() !== service.startDateTime.getTime())
          await onPostponed?.(tx, locked, start);
        return {
          status: 'postponed',
          originalStartDateTime: service.originalStartDateTime ?? service.startDateTime,
          startDateTime: start,
        };
      });
    },

    /**
     * Cancels the session; cancelling it again changes nothing. `onCancelled` runs in the same
     * transaction, once, when the session becomes cancelled (the session-changes module compensates
     * the families there).
     */
    async cancel(
      auth: AuthContext,
      id: string,
      locale: Locale,
      onCancelled?: (tx: Executor, locked: LockedService) => Promise<void>,
    ) {
      return changeService(auth, id, locale, async (locked, tx) => {
        if (locked.service.status === 'cancelled') return undefined;
        await onCancelled?.(tx, locked);
        return { status: 'cancelled' };
      });
    },
  };
}

export type ServicesService = ReturnType<typeof createServicesService>;
