import {
  type DirectRegistrationInput,
  type DirectRegistrationResult,
  displayName,
  isAtLeastEstManager,
  type Locale,
  type ParticipantListQuery,
  type ParticipantPage,
  resolveLocale,
  type ReviewPage,
  ageInMonths,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { newId } from '../../lib/ids';
import { type AuthContext, establishmentScope, familyOf } from '../../lib/access';

import { enqueueFamilyMail } from '../mail/family-mail-queue';
import { cancellationCreditsOf } from './cancellation-credits';
import { cancellationTokensOf } from './cancellation-tokens';
import { lineDescription } from './line-description';
import { checkEligibility } from './eligibility';
import { alreadyRegisteredRefusal, fullRefusal, type RefusalResult, refusal } from './refusals';
import { refuse, registrationSettings } from './notifications';
import { toParticipantDto, toSessionRef } from './participants.dto';
import { createParticipantsRepository, type ParticipantView } from './participants.repository';
import { releaseSeat, takeSeat } from './seats.repository';
import {
  cancelParticipantIn,
  FAMILY_CANCELLABLE,
  familyMayCancel,
  LIVE,
  managerReaches,
} from './cancellations';
import { offerFreedSeats } from './waiting-list';

/** The registry (Inscriptions): managers list, register directly, move and cancel participants. */
export function createParticipantsService(ctx: AppContext) {
  const repository = createParticipantsRepository(ctx.db);

  /** A participant the manager reaches; 404 otherwise (another organisation, another establishment). */
  async function managedView(executor: Executor, auth: AuthContext, id: string): Promise<ParticipantView> {
    const view = await createParticipantsRepository(executor).findView(auth.organizationId, id);
    if (!view || !managerReaches(auth, view)) throw new AppError('not_found');
    return view;
  }

  async function managerDto(auth: AuthContext, id: string) {
    const view = await managedView(ctx.db, auth, id);
    return toParticipantDto(view, LIVE.has(view.participant.status));
  }

  /** One (session, member) pair of a direct registration: confirmed at once, or refused with its message. */
  async function registerPair(
    auth: AuthContext,
    serviceId: string,
    memberId: string,
    locale: Locale,
  ): Promise<{ id: string } | { refusal: RefusalResult }> {
    const organizationId = auth.organizationId;
    const scope = establishmentScope(auth);
    const session = await repository.findSession(organizationId, serviceId);
    if (!session || (scope !== null && session.establishmentId !== scope)) {
      return { refusal: refusal(serviceId, memberId, 'not-found', locale) };
    }
    // A manager overrides the family rules: visibility, age, registration opening, conditions. The
    // seat is checked by taking it.
    const check = await checkEligibility(
      ctx,
      ctx.db,
      { organizationId, serviceId, memberId, familyId: null, locale },
      { skip: { visibility: true, age: true, opening: true, conditions: true, full: true } },
    );
    if (!check.ok) return { refusal: check.refusal };
    const settings = await registrationSettings(ctx.db, organizationId);
    const id = newId('reg');
    try {
      const taken = await ctx.db.transaction(async (tx) => {
        if (!(await takeSeat(tx, organizationId, serviceId))) return false;
        const now = ctx.clock.now();
        await createParticipantsRepository(tx).insert({
          organizationId,
          id,
          serviceId,
          memberId,
          familyId: check.member.familyId,
          status: 'confirmed',
          holdsSeat: true,
          createdByUserId: auth.userId,
          confirmedAt: now,
          createdAt: now,
          updatedAt: now,
        });
        const audit = {
          organizationId,
          actorUserId: auth.userId,
          impersonatorUserId: auth.impersonatorUserId,
          subjectType: 'participant',
          subjectId: id,
          data: { serviceId, memberId, direct: true },
        };
        await ctx.audit.record({ ...audit, type: 'registration-created' }, tx);
        await ctx.audit.record({ ...audit, type: 'registration-confirmed' }, tx);
        return true;
      });
      if (!taken) {
        return {
          refusal: fullRefusal(serviceId, memberId, locale, {
            activityName: check.session.blueprintName,
            startDateTime: check.session.startDateTime,
            timeZone: settings.timeZone,
          }),
        };
      }
      return { id };
    } catch (error) {
      if (!isUniqueViolation(error, 'participants_live_unique')) throw error;
      return {
        refusal: alreadyRegisteredRefusal(serviceId, memberId, locale, {
          memberName: check.member.firstName,
          gender: check.member.gender,
          activityName: check.session.blueprintName,
          startDateTime: check.session.startDateTime,
          timeZone: settings.timeZone,
        }),
      };
    }
  }

  /** The registry's rows (or the review queue's), paginated, within the manager's establishments. */
  function listViews(auth: AuthContext, query: ParticipantListQuery, reviewsOnly: boolean) {
    const { page, pageSize } = query;
    return repository.list(
      auth.organizationId,
      {
        establishmentId: establishmentScope(auth),
        periodId: query.periodId,
        blueprintId: query.blueprintId,
        serviceId: query.serviceId,
        memberId: query.memberId,
        familyId: query.familyId,
        statuses: reviewsOnly ? ['needs-review'] : query.status ? [query.status] : undefined,
        q: query.q || undefined,
      },
      reviewsOnly ? 'oldest' : 'registry',
      query.after !== undefined && !reviewsOnly
        ? { limit: pageSize, after: query.after }
        : { limit: pageSize, offset: (page - 1) * pageSize },
    );
  }

  return {
    async list(auth: AuthContext, query: ParticipantListQuery): Promise<ParticipantPage> {
      const { rows, total, capped, nextCursor } = await listViews(auth, query, false);
      return {
        items: rows.map((r) => toParticipantDto(r, LIVE.has(r.participant.status))),
        total,
        page: query.page,
        pageSize: query.pageSize,
        nextCursor,
        totalCapped: capped,
      };
    },

    /** The 'A traiter' queue, oldest first, with what a decision needs: the member's age and the limits. */
    async reviews(auth: AuthContext, query: ParticipantListQuery): Promise<ReviewPage> {
      const [{ groups, total }, settings] = await Promise.all([
        repository.listReviewGroups(
          auth.organizationId,
          {
            establishmentId: establishmentScope(auth),
            periodId: query.periodId,
            blueprintId: query.blueprintId,
            serviceId: query.serviceId,
            memberId: query.memberId,
            familyId: query.familyId,
            statuses: ['needs-review'],
            q: query.q || undefined,
          },
          query.pageSize,
          (query.page - 1) * query.pageSize,
        ),
        registrationSettings(ctx.db, auth.organizationId),
      ]);
      const contacts = await repository.familyContacts(auth.organizationId, [
        ...new Set(groups.map((g) => g[0]!.participant.familyId)),
      ]);
      // Age on the session's date, the day the limits apply.
      const ageOn = (r: (typeof groups)[number][number]) =>
        r.member.birthdate
          ? ageInMonths(r.member.birthdate, r.service.startDateTime, settings.timeZone)
          : null;
      return {
        items: groups.map((rows) => {
          const r = rows[0]!;
          return {
            familyContact: contacts.get(r.participant.familyId) ?? null,
            ...toParticipantDto(r, LIVE.has(r.participant.status)),
            memberAgeMonths: ageOn(r),
            minAge: r.service.minAge,
            maxAge: r.service.maxAge,
            sessions: rows.map((row) => ({
              participantId: row.participant.id,
              service: toSessionRef(row.service),
              memberAgeMonths: ageOn(row),
              minAge: row.service.minAge,
              maxAge: row.service.maxAge,
            })),
          };
        }),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    get: managerDto,

    /**
     * Registers members directly, confirmed at once (no cart, no order: the manager settles the payment
     * with the family). Each pair is checked and written on its own; the others are refused with their
     * message (complet, déjà inscrit…).
     */
    async registerDirectly(
      auth: AuthContext,
      input: DirectRegistrationInput,
      locale: Locale,
    ): Promise<DirectRegistrationResult> {
      const registered: string[] = [];
      const refused: RefusalResult[] = [];
      for (const serviceId of new Set(input.serviceIds)) {
        for (const memberId of new Set(input.memberIds)) {
          const outcome = await registerPair(auth, serviceId, memberId, locale);
          if ('id' in outcome) registered.push(outcome.id);
          else refused.push(outcome.refusal);
        }
      }
      const views = await repository.findViews(auth.organizationId, registered);
      const byId = new Map(views.map((v) => [v.participant.id, v]));
      return {
        registered: registered.map((id) => toParticipantDto(byId.get(id)!, true)),
        refused,
      };
    },

    /**
     * Moves a participant to another session the manager reaches, in one transaction: the seat of the new
     * session is taken (409 when full), the old one released, then offered to the old session's waiting list.
     */
    async move(auth: AuthContext, id: string, serviceId: string) {
      const organizationId = auth.organizationId;
      const scope = establishmentScope(auth);
      let from: string;
      try {
        from = await ctx.db.transaction(async (tx) => {
          const participants = createParticipantsRepository(tx);
          await managedView(tx, auth, id);
          const row = (await participants.lock(organizationId, id))!;
          if (!FAMILY_CANCELLABLE.has(row.status)) throw refuse('registration_not_movable', 'id', 'status');
          if (row.serviceId === serviceId) throw refuse('same_session', 'serviceId', 'same_session');
          const target = await participants.findSession(organizationId, serviceId);
          if (!target || (scope !== null && target.establishmentId !== scope)) {
            throw new AppError('not_found');
          }
          if (target.status === 'cancelled') throw refuse('session_cancelled', 'serviceId', 'cancelled');
          if (await participants.findLive(organizationId, serviceId, row.memberId)) {
            throw refuse('already_registered', 'serviceId', 'already_registered');
          }
          if (!(await takeSeat(tx, organizationId, serviceId)))
            throw refuse('session_full', 'serviceId', 'full');
          await releaseSeat(tx, organizationId, row.id);
          const now = ctx.clock.now();
          await participants.update(organizationId, row.id, { serviceId, holdsSeat: true }, now);
          // Its order line follows it (the order page shows the session attended); an invoice already
          // issued stays as issued.
          const line = await participants.orderLineOf(organizationId, row.id);
          if (line) {
            const locale = resolveLocale(line.locale);
            await participants.updateOrderLine(organizationId, line.id, {
              serviceId,
              description: lineDescription(
                target.blueprintName,
                target.startDateTime,
                line.timeZone,
                displayName(line, 'participant', locale),
                locale,
              ),
            });
          }
          await ctx.audit.record(
            {
              organizationId,
              type: 'registration-moved',
              actorUserId: auth.userId,
              impersonatorUserId: auth.impersonatorUserId,
              subjectType: 'participant',
              subjectId: row.id,
              data: { fromServiceId: row.serviceId, toServiceId: serviceId, memberId: row.memberId },
            },
            tx,
          );
          return row.serviceId;
        });
      } catch (error) {
        if (isUniqueViolation(error, 'participants_live_unique')) {
          throw refuse('already_registered', 'serviceId', 'already_registered');
        }
        throw error;
      }
      await offerFreedSeats(ctx, organizationId, from);
      return managerDto(auth, id);
    },

    /**
     * Cancels a registration. Managers: any live one they reach, and the family is told by e-mail. A
     * family: its own member's invited, reserved or confirmed registration, before the session starts.
     */
    async cancel(auth: AuthContext, id: string, reason: string | undefined, refund = false) {
      const manager = isAtLeastEstManager(auth.actor);
      let refundNoteId: string | null = null;
      const organizationId = manager ? auth.organizationId : familyOf(auth).organizationId;
      if (manager && refund) {
        // The money goes back first (the provider is called outside any transaction), with its credit
        // note; the registration is then cancelled. A refused refund leaves everything as it was.
        const view = await repository.findView(organizationId, id);
        if (!view || !managerReaches(auth, view)) throw new AppError('not_found');
        if (!LIVE.has(view.participant.status)) throw refuse('registration_not_cancellable', 'id', 'status');
        refundNoteId = await cancellationCreditsOf(ctx).refundPaid(auth, organizationId, id, reason);
      }
      const { freed, serviceId } = await ctx.db.transaction(async (tx) => {
        const participants = createParticipantsRepository(tx);
        const view = await participants.findView(organizationId, id);
        if (!view) throw new AppError('not_found');
        if (manager ? !managerReaches(auth, view) : view.participant.familyId !== auth.familyId) {
          throw new AppError('not_found');
        }
        const row = (await participants.lock(organizationId, id))!;
        const now = ctx.clock.now();
        const allowed = manager
          ? LIVE.has(row.status)
          : familyMayCancel(row, view.service.startDateTime, now);
        if (!allowed) throw refuse('registration_not_cancellable', 'id', 'status');
        const released = await cancelParticipantIn(ctx, tx, organizationId, row, {
          actorUserId: auth.userId,
          impersonatorUserId: auth.impersonatorUserId,
          reason: reason || null,
          now,
        });
        const unpaidNoteId = await cancellationCreditsOf(ctx).creditUnpaid(
          tx,
          auth,
          organizationId,
          id,
          reason,
          now,
        );
        const creditNoteId = refundNoteId ?? unpaidNoteId;
        // A family's own cancellation in time may give a recovery token (what it paid stays with the club).
        if (!manager) {
          await cancellationTokensOf(ctx).familyCancelled(tx, {
            organizationId,
            participantId: id,
            previousStatus: row.status,
            credited: unpaidNoteId !== null,
            actorUserId: auth.userId,
            at: now,
          });
        }
        // The family is told (by a manager's cancellation or its own), with the credit note when one
        // was issued; the job renders and sends the e-mail once.
        await enqueueFamilyMail(ctx, tx, organizationId, {
          kind: 'registration-cancelled',
          participantId: row.id,
          by: manager ? 'manager' : 'family',
          creditNoteId,
        });
        return { freed: released, serviceId: row.serviceId };
      });
      if (freed) await offerFreedSeats(ctx, organizationId, serviceId);
      const view = (await repository.findView(organizationId, id))!;
      return toParticipantDto(view, false);
    },
  };
}

export type ParticipantsService = ReturnType<typeof createParticipantsService>;
