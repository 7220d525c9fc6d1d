import {
  displayName,
  formatDateTime,
  type Locale,
  type PostponeServiceInput,
  type PrestationAbsenceInput,
  resolveLocale,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { organizationUrl } from '../../config';
import type { Executor } from '../../db/client';
import type { AuthContext } from '../../lib/access';
import { AppError } from '../../lib/app-error';
import { CREDIT_REASONS } from '../invoicing/invoice-documents';
import { insertCreditNote, participantInvoiceCredits } from '../invoicing/invoice-lifecycle';
import { cancelParticipantIn } from '../registrations/cancellations';
import { createParticipantsRepository } from '../registrations/participants.repository';
import type { RequestMeta } from '../services/service-common';
import { createServicesService, type LockedService } from '../services/services.service';
import { type CancellationSettings, cancellationSettingsOf } from './compensation-settings';
import { issueTokenForCancelledSession } from '../recovery/recovery-issue';
import {
  type CancelledRegistration,
  familyLink,
  mailSessionCancelled,
  recordSessionMail,
} from './session-mails';
import { enqueueSessionRefund } from './session-refunds.job';
import { type ComingParticipant, createSessionChangesRepository } from './session-changes.repository';
import { compensationFor, type ParticipantCompensation } from './session-changes.rules';

/** Why the registrations of a session the organisation cancelled were cancelled (participants.cancel_reason). */
export const SESSION_CANCELLED_REASON = 'session-cancelled';

/*
 * What a session's change by the organisation does beyond the session itself (issue #17): a cancellation
 * compensates and tells each confirmed participant's family, a postponement tells them the new date, a
 * holder's absence tells the managers. The session's own rules stay in services (below in the module
 * order); they call back here inside their transaction, so the change and its consequences commit
 * together, once: a session already cancelled, a start that does not move, an absence already recorded
 * do nothing again.
 */
export function createSessionChangesService(ctx: AppContext) {
  const services = createServicesService(ctx);
  const repository = createSessionChangesRepository(ctx.db);

  async function organizationOf(organizationId: string) {
    const organization = await repository.organization(organizationId);
    if (!organization) throw new AppError('not_found');
    return organization;
  }

  /** Cents still chargeable for the participant's session on its invoices, with those invoices' lines. */
  async function chargedFor(db: Executor, organizationId: string, participantId: string) {
    const owed = await participantInvoiceCredits(db, organizationId, participantId);
    const charged = owed.reduce(
      (sum, o) => sum + o.lines.reduce((s, l) => s + l.quantity * l.unitPrice, 0),
      0,
    );
    return { owed, charged };
  }

  /** Sends a family's accounts a session e-mail, each in its language, in the caller's transaction. */
  async function mailFamily(
    tx: Executor,
    organizationId: string,
    familyId: string,
    send: (to: { email: string; locale: Locale }) => Promise<void>,
  ) {
    for (const account of await createSessionChangesRepository(tx).familyAccounts(organizationId, familyId))
      await send({ email: account.email, locale: resolveLocale(account.locale) });
  }

  return {
    /**
     * Cancels a session: each confirmed participant's family gets back what it paid for it (a credit note,
     * a refund through the provider, or a recovery token: `compensationFor`), its registration is
     * cancelled, and it is told by e-mail; audit `prestation-cancelled`. All in the session's transaction,
     * once: a session already cancelled changes nothing. A refund calls the provider, which no
     * transaction waits for: it is a job queued here (one per participant, its id the participant's), which
     * refunds with its credit note, then tells the family (session-refunds.job.ts).
     */
    async cancel(auth: AuthContext, id: string, meta: RequestMeta, given?: CancellationSettings) {
      const organizationId = auth.organizationId;
      const settings = given ?? (await cancellationSettingsOf(ctx, organizationId));
      return services.cancel(auth, id, meta.locale, async (tx) => {
        const now = ctx.clock.now();
        const participants = createParticipantsRepository(tx);
        const coming = await createSessionChangesRepository(tx).confirmedOf(organizationId, id);
        const counts: Record<ParticipantCompensation, number> = {
          'recovery-token': 0,
          refund: 0,
          'credit-note': 0,
          nothing: 0,
        };
        const told = new Map<string, CancelledRegistration[]>();
        for (const participant of coming) {
          const row = await participants.lock(organizationId, participant.id);
          if (!row || row.status !== 'confirmed') continue;
          const { owed, charged } = await chargedFor(tx, organizationId, participant.id);
          const compensation = decide(settings, participant, charged);
          counts[compensation]++;
          // The token first: it is given for a confirmed seat, which the cancellation below ends.
          if (compensation === 'recovery-token') {
            await issueTokenForCancelledSession(ctx, tx, {
              organizationId,
              participantId: participant.id,
              at: now,
              actorUserId: auth.userId,
            });
          }
          await cancelParticipantIn(ctx, tx, organizationId, row, {
            actorUserId: auth.userId,
            impersonatorUserId: auth.impersonatorUserId,
            reason: SESSION_CANCELLED_REASON,
            now,
          });
          if (compensation === 'refund') {
            await enqueueSessionRefund(ctx, tx, organizationId, {
              participantId: participant.id,
              actorUserId: auth.userId,
            });
            continue;
          }
          let note: { number: string; totalAmount: number } | null = null;
          if (compensation === 'credit-note') {
            let first: string | null = null;
            let total = 0;
            for (const o of owed) {
              const made = await insertCreditNote(tx, {
                organizationId,
                invoiceId: o.invoiceId,
                reason: CREDIT_REASONS.sessionCancelled[o.locale],
                issuedAt: now,
                lines: o.lines,
                createdByUserId: auth.userId,
                impersonatorUserId: auth.impersonatorUserId,
              });
              first ??= made.number;
              total += made.totalAmount;
            }
            if (first) note = { number: first, totalAmount: total };
          }
          // A token's own e-mail tells the cancellation, the token's value and how to use it: one e-mail.
          if (compensation !== 'recovery-token') {
            const family = told.get(participant.familyId) ?? [];
            told.set(participant.familyId, [...family, { participant, compensation, note }]);
          }
        }
        // One e-mail per family, naming each of its members in the session.
        for (const items of told.values()) await mailSessionCancelled(ctx, tx, organizationId, items);
        await ctx.audit.record(
          {
            organizationId,
            type: 'prestation-cancelled',
            actorUserId: auth.userId,
            impersonatorUserId: auth.impersonatorUserId,
            subjectType: 'service',
            subjectId: id,
            data: {
              participants: coming.length,
              compensation: settings.compensation,
              given: counts,
              ...(auth.homeOrganizationId !== organizationId
                ? { actorOrganizationId: auth.homeOrganizationId }
                : {}),
            },
            requestId: meta.requestId,
            ip: meta.ip,
          },
          tx,
        );
      });
    },

    /** Postpones a session; when its start moves, each confirmed participant's family gets the new date. */
    async postpone(auth: AuthContext, id: string, input: PostponeServiceInput, locale: Locale) {
      const organizationId = auth.organizationId;
      const organization = await organizationOf(organizationId);
      return services.postpone(auth, id, input, locale, async (tx, locked: LockedService, start) => {
        const facts = await createSessionChangesRepository(tx).session(organizationId, id);
        const byFamily = new Map<string, ComingParticipant[]>();
        for (const participant of await createSessionChangesRepository(tx).confirmedOf(organizationId, id))
          byFamily.set(participant.familyId, [...(byFamily.get(participant.familyId) ?? []), participant]);
        // One e-mail per family and one entry in its inbox, naming each of its members in the session.
        for (const [familyId, members] of byFamily) {
          const params = (to: Locale) => ({
            organizationName: organization.name,
            memberNames: members.map((m) => displayName(m, 'participant', to)),
            activityName: facts?.activityName ?? '',
            start: formatDateTime(locked.service.startDateTime, organization.timeZone, to),
            newStart: formatDateTime(start, organization.timeZone, to),
            link: familyLink(ctx, organization.key, members[0]!),
          });
          let first: Locale | null = null;
          await mailFamily(tx, organizationId, familyId, ({ email, locale: to }) => {
            first ??= to;
            return ctx.mailer.send(
              { to: email, locale: to, organizationId, executor: tx },
              'session-postponed',
              params(to),
            );
          });
          if (first) {
            await recordSessionMail(tx, {
              organizationId,
              familyId,
              eventKey: `session-moved:${id}:${start.toISOString()}`,
              template: 'session-postponed',
              params: params(first),
              locale: first,
            });
          }
        }
      });
    },

    /** Records a holder's absence; the first time, the managers are told so that they name a replacement. */
    async setAbsence(auth: AuthContext, id: string, input: PrestationAbsenceInput, meta: RequestMeta) {
      const organizationId = auth.organizationId;
      const organization = await organizationOf(organizationId);
      return services.setAbsence(auth, id, input, meta, async (tx, absence) => {
        const reads = createSessionChangesRepository(tx);
        const facts = await reads.session(organizationId, absence.serviceId);
        const holder = await reads.nameOf(organizationId, absence.holderUserId);
        const link = organizationUrl(
          ctx.config,
          organization.key,
          `/managing/services/${encodeURIComponent(absence.serviceId)}`,
        );
        for (const manager of await reads.managersFor(organizationId, absence.establishmentId)) {
          const locale = resolveLocale(manager.locale);
          await ctx.mailer.send(
            { to: manager.email, locale, organizationId, executor: tx },
            'holder-absence',
            {
              organizationName: organization.name,
              holderName: displayName(holder, 'member', locale),
              activityName: facts?.activityName ?? '',
              start: facts ? formatDateTime(facts.startDateTime, organization.timeZone, locale) : '',
              note: absence.note,
              link,
            },
          );
        }
      });
    },
  };
}

/** The rule's facts for one participant. */
function decide(settings: CancellationSettings, participant: ComingParticipant, charged: number) {
  return compensationFor({
    choice: settings.compensation,
    refundOnline: settings.refundOnline,
    visibility: participant.visibility,
    charged,
    orderPaid: participant.orderPaid,
    provider: participant.provider,
  });
}
