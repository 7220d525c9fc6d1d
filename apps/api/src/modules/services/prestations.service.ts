import { type HolderListQuery, isHolder, type Locale, type PrestationAbsenceInput } from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError, refused } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { newId } from '../../lib/ids';
import { type AuthContext, establishmentScope } from '../../lib/access';
import { fieldError, managerScopeOf, type RequestMeta } from './service-common';
import { toHolderDto, toPrestationDto } from './services.dto';
import { createServicesRepository } from './services.repository';

/** A holder's absence just recorded (what the managers are told). */
export interface HolderAbsence {
  prestationId: string;
  serviceId: string;
  holderUserId: string;
  establishmentId: string;
  note: string | null;
}

/** Holders' assignments to sessions (prestations): assign, remove, absence, the holders picker. */
export function createPrestationsService(ctx: AppContext) {
  const repository = createServicesRepository(ctx.db);

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

  return {
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

    /** Takes a holder off the session: their prestation is cancelled (audit `prestation-cancelled`). */
    async removeHolder(auth: AuthContext, serviceId: string, prestationId: string) {
      const organizationId = auth.organizationId;
      const service = await repository.findById(organizationId, serviceId, managerScopeOf(auth));
      if (!service) throw new AppError('not_found');
      await ctx.db.transaction(async (tx) => {
        const removed = await createServicesRepository(tx).deletePrestation(
          organizationId,
          serviceId,
          prestationId,
        );
        if (!removed) throw new AppError('not_found');
        await ctx.audit.record(
          {
            organizationId,
            type: 'prestation-cancelled',
            actorUserId: auth.userId,
            impersonatorUserId: auth.impersonatorUserId,
            subjectType: 'prestation',
            subjectId: prestationId,
            data: { serviceId, holderUserId: removed.holderUserId },
          },
          tx,
        );
      });
    },

    getPrestation: prestationDto,

    /**
     * Records a holder's absence (or presence again). Holders may only declare their own absence;
     * becoming absent writes the audit event in the same transaction, and runs `onAbsent` there (the
     * session-changes module tells the managers), once per absence.
     */
    async setAbsence(
      auth: AuthContext,
      id: string,
      input: PrestationAbsenceInput,
      meta: RequestMeta,
      onAbsent?: (tx: Executor, absence: HolderAbsence) => Promise<void>,
    ) {
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
          await onAbsent?.(tx, {
            prestationId: id,
            serviceId: locked.prestation.serviceId,
            holderUserId: locked.prestation.holderUserId,
            establishmentId: locked.establishmentId,
            note: note ?? locked.prestation.absenceNote ?? null,
          });
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
