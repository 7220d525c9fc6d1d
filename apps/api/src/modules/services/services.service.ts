import {
  ageInMonthsOn,
  type CreateServiceInput,
  displayName,
  type HolderListQuery,
  isHolder,
  type Locale,
  localDay,
  message,
  type MessageKey,
  type MessageParams,
  type PostponeServiceInput,
  type PrestationAbsenceInput,
  SERIES_MAX_SESSIONS,
  type ServiceListQuery,
  type UpdateServiceInput,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError, refused } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { newId } from '../../lib/ids';
import { type AuthContext, establishmentScope } from '../../lib/access';
import { createOrganizationRepository } from '../organizations/organization.repository';
import { createPeriodsRepository } from '../periods/periods.repository';
import { COMING_STATUSES, createParticipantsRepository } from '../registrations/participants.repository';
import { generateWeeklySeries, localInstant, SeriesError, toLocal } from './series';
import { toHolderDto, toPrestationDto, toPrestationSummaryDto, toServiceDto } from './services.dto';
import { createServicesRepository, type NewServiceRow, type ServiceScope } from './services.repository';

export interface RequestMeta {
  ip: string;
  requestId: string;
  locale: Locale;
}

/** A 400/404 naming the field at fault: the generic message, and the shared message in the detail. */
export function fieldError(
  code: 'validation_failed' | 'not_found',
  field: string,
  key: MessageKey,
  locale: Locale,
  params?: MessageParams,
): AppError {
  return new AppError(code, [{ field, rule: key, message: message(key, locale, params) }]);
}

/** Which sessions the caller may see: managers their establishment's, holders their own. */
export const serviceScopeOf = (auth: AuthContext): ServiceScope => ({
  establishmentId: establishmentScope(auth),
  holderUserId: isHolder(auth.actor) ? auth.userId : null,
});

/** Managers' reach only (for writes, which holders never make on sessions). */
const managerScopeOf = (auth: AuthContext): ServiceScope => ({
  establishmentId: establishmentScope(auth),
  holderUserId: null,
});

/** The organisation's time zone: every local date and time is read in it. */
export async function organizationTimeZone(ctx: AppContext, organizationId: string): Promise<string> {
  const organization = await createOrganizationRepository(ctx.db).findById(organizationId);
  if (!organization) throw new AppError('not_found');
  return organization.timeZone;
}

/** A start given as an instant or as a local date and time. */
function startOf(
  input: { startDateTime?: string; date?: string; time?: string },
  timeZone: string,
): Date | undefined {
  if (input.startDateTime !== undefined) return new Date(input.startDateTime);
  if (input.date !== undefined && input.time !== undefined)
    return localInstant(input.date, input.time, timeZone);
  return undefined;
}

const SERIES_MESSAGES: Record<SeriesError['problem'], MessageKey> = {
  dateOrder: 'endBeforeStart',
  span: 'seriesSpan',
  tooMany: 'seriesTooMany',
  empty: 'seriesEmpty',
};

/**
 * Checks that `periodId` may hold sessions of `establishmentId` for this caller: the period exists in
 * the organisation (and the manager's establishment), and belongs to the same establishment.
 */
export async function assertPeriodFor(
  db: Executor,
  auth: AuthContext,
  periodId: string,
  establishmentId: string,
  locale: Locale,
) {
  const period = await createPeriodsRepository(db).findById(
    auth.organizationId,
    periodId,
    establishmentScope(auth),
  );
  if (!period) throw fieldError('not_found', 'periodId', 'notFound', locale);
  if (period.establishmentId !== establishmentId)
    throw fieldError('validation_failed', 'periodId', 'periodEstablishment', locale);
  return period;
}

/** Sessions (services) and holders' assignments (prestations). */
export function createServicesService(ctx: AppContext) {
  const repository = createServicesRepository(ctx.db);

  async function serviceDto(auth: AuthContext, id: string, locale: Locale) {
    const service = await repository.findById(auth.organizationId, id, serviceScopeOf(auth));
    if (!service) throw new AppError('not_found');
    const prestations = await repository.prestationsOf(auth.organizationId, [id]);
    return {
      ...toServiceDto(service, prestations, locale),
      attendees: (await createParticipantsRepository(ctx.db).attendeesOf(auth.organizationId, id))
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
    const rows = await createParticipantsRepository(ctx.db).comingTo(auth.organizationId, id);
    const items = rows.map((row) => ({
      id: row.id,
      displayName: displayName(row, 'participant', locale),
      status: row.status === 'absent' ? ('absent' as const) : ('confirmed' as const),
      ageMonths: ageInMonthsOn(row.birthdate, day),
      familyPhone: row.familyPhone,
    }));
    return { items, coming: items.filter((item) => item.status === 'confirmed').length };
  }

  async function prestationDto(auth: AuthContext, id: string, locale: Locale) {
    const row = await repository.findPrestation(auth.organizationId, id);
    if (!row || !canSeePrestation(auth, row.prestation.holderUserId, row.service.establishmentId))
      throw new AppError('not_found');
    return toPrestationDto(row, locale);
  }

  /** Holders see their own prestations; establishment managers those of their establishment. */
  function canSeePrestation(auth: AuthContext, holderUserId: string, establishmentId: string): boolean {
    if (isHolder(auth.actor)) return holderUserId === auth.userId;
    const scope = establishmentScope(auth);
    return scope === null || scope === establishmentId;
  }

  /** Updates a session under its row lock, after `change` has checked it. */
  async function changeService(
    auth: AuthContext,
    id: string,
    locale: Locale,
    change: (
      service: NonNullable<Awaited<ReturnType<typeof repository.lockById>>>,
      tx: Executor,
    ) => Promise<Partial<NewServiceRow> | undefined>,
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

    /** New date; the first announced one is kept (a second postponement does not overwrite it). */
    async postpone(auth: AuthContext, id: string, input: PostponeServiceInput, locale: Locale) {
      const timeZone = await organizationTimeZone(ctx, auth.organizationId);
      return changeService(auth, id, locale, async ({ service }) => {
        if (service.status === 'cancelled')
          throw refused('cancelled_session_not_postponable', undefined, {
            field: 'status',
            rule: 'sessionCancelledNoPostpone',
            locale,
          });
        return {
          status: 'postponed',
          originalStartDateTime: service.originalStartDateTime ?? service.startDateTime,
          startDateTime: startOf(input, timeZone),
        };
      });
    },

    /** Cancels the session; cancelling it again changes nothing. */
    async cancel(auth: AuthContext, id: string, locale: Locale) {
      return changeService(auth, id, locale, async ({ service }) =>
        service.status === 'cancelled' ? undefined : { status: 'cancelled' },
      );
    },

    /** Assigns a holder of the organisation to the session. */
    async assignHolder(auth: AuthContext, serviceId: string, holderUserId: string, locale: Locale) {
      const organizationId = auth.organizationId;
      const service = await repository.findById(organizationId, serviceId, managerScopeOf(auth));
      if (!service) throw new AppError('not_found');
      const [holder] = await repository.findHolders(organizationId, [holderUserId]);
      if (!holder) throw fieldError('not_found', 'holderUserId', 'holderNotFound', locale);
      const duplicate = () =>
        refused('holder_already_assigned', undefined, {
          field: 'holderUserId',
          rule: 'prestationDuplicate',
          locale,
        });
      if (await repository.findPrestationFor(organizationId, serviceId, holderUserId)) throw duplicate();
      const id = newId('prs');
      // Two simultaneous assignments of the same holder: the unique index decides, same answer.
      await repository
        .insertPrestations([{ organizationId, id, serviceId, holderUserId, status: 'assigned' }])
        .catch((error: unknown) => {
          throw isUniqueViolation(error, 'prestations_service_holder_unique') ? duplicate() : error;
        });
      return prestationDto(auth, id, locale);
    },

    async removeHolder(auth: AuthContext, serviceId: string, prestationId: string) {
      const service = await repository.findById(auth.organizationId, serviceId, managerScopeOf(auth));
      if (!service) throw new AppError('not_found');
      if (!(await repository.deletePrestation(auth.organizationId, serviceId, prestationId)))
        throw new AppError('not_found');
    },

    getPrestation: prestationDto,

    /**
     * Records a holder's absence (or presence again). Holders may only declare their own absence;
     * becoming absent writes the audit event in the same transaction.
     */
    async setAbsence(auth: AuthContext, id: string, input: PrestationAbsenceInput, meta: RequestMeta) {
      const organizationId = auth.organizationId;
      await ctx.db.transaction(async (tx) => {
        const prestations = createServicesRepository(tx);
        const locked = await prestations.lockPrestation(organizationId, id);
        if (!locked || !canSeePrestation(auth, locked.prestation.holderUserId, locked.establishmentId))
          throw new AppError('not_found');
        if (isHolder(auth.actor) && !input.absent) throw new AppError('forbidden');
        const note = input.note === undefined ? undefined : input.note?.trim() || null;
        const wasAbsent = locked.prestation.status === 'absent';
        await prestations.updatePrestation(organizationId, id, {
          status: input.absent ? 'absent' : 'assigned',
          absenceNote: input.absent ? note : null,
        });
        if (input.absent && !wasAbsent) {
          await ctx.audit.record(
            {
              organizationId,
              type: 'prestation-holder-absence',
              actorUserId: auth.userId,
              impersonatorUserId: auth.impersonatorUserId,
              subjectType: 'prestation',
              subjectId: id,
              data: {
                serviceId: locked.prestation.serviceId,
                holderUserId: locked.prestation.holderUserId,
                note: note ?? locked.prestation.absenceNote ?? null,
                ...(auth.homeOrganizationId !== organizationId
                  ? { actorOrganizationId: auth.homeOrganizationId }
                  : {}),
              },
              requestId: meta.requestId,
              ip: meta.ip,
            },
            tx,
          );
        }
      });
      return prestationDto(auth, id, meta.locale);
    },

    /** The organisation's holders, for the assign picker. */
    async listHolders(auth: AuthContext, query: HolderListQuery, locale: Locale) {
      const { page, pageSize } = query;
      const { rows, total } = await repository.listHolders(
        auth.organizationId,
        query.q?.trim() || undefined,
        pageSize,
        (page - 1) * pageSize,
      );
      return { items: rows.map((h) => toHolderDto(h, locale)), total, page, pageSize };
    },
  };
}

export type ServicesService = ReturnType<typeof createServicesService>;
