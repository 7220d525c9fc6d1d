import {
  formatDateTime,
  type InviteAttendeeCandidate,
  type InviteAttendeesInput,
  type InviteAttendeesPreview,
  type InviteAttendeesResult,
  type InviteSkipReason,
  type Locale,
  type ParticipantDto,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { newId } from '../../lib/ids';
import { type AuthContext, establishmentScope, familyOf } from '../../lib/access';

import { createPeriodsRepository } from '../periods/periods.repository';
import { assertConditionsAccepted } from '../users/conditions.service';
import {
  type Bilingual,
  refuse,
  failure,
  familyLink,
  mailFamily,
  offerDeadline,
  registrationFacts,
  registrationSettings,
} from './notifications';
import { toParticipantDto, toSessionRef } from './participants.dto';
import { createParticipantsRepository, type ParticipantView } from './participants.repository';
import { managerReaches } from './cancellations';
import { releaseSeat, takeSeat } from './seats.repository';
import { matchSessions } from './session-matching';
import { offerFreedSeats } from './waiting-list';

/** The recurring job that expires invitations past their deadline. */
export const INVITATION_EXPIRY_QUEUE = 'registrations.invitation-expiry';
const MINUTE = 60_000;

const SKIP_MESSAGES: Record<InviteSkipReason, Bilingual> = {
  'not-found': {
    fr: "Ce participant n'est pas un participant confirmé de la période.",
    en: 'This participant is not a confirmed attendee of the period.',
  },
  'no-matching-session': {
    fr: 'Aucune séance correspondante (même activité, même jour et même heure) dans la période suivante.',
    en: 'No matching session (same activity, weekday and time) in the next period.',
  },
  'session-past': {
    fr: 'La séance correspondante a déjà commencé.',
    en: 'The matching session has already started.',
  },
  'already-registered': {
    fr: 'Ce membre est déjà inscrit à la séance correspondante.',
    en: 'This member is already registered to the matching session.',
  },
  full: { fr: 'La séance correspondante est complète.', en: 'The matching session is full.' },
};
const PERIOD_NOT_FOUND = {
  fr: 'Cette période est introuvable.',
  en: 'This period could not be found.',
};
const SAME_PERIOD = {
  fr: 'Choisissez une autre période que celle des participants.',
  en: 'Choose a period other than the attendees’ one.',
};
const DEADLINE_PAST = {
  fr: "L'échéance des invitations doit être dans le futur.",
  en: 'The invitations’ deadline must be in the future.',
};
// Another family's invitation reads as unknown: its existence is not the caller's business.
const INVITATION_NOT_YOURS = {
  fr: "Cette invitation n'existe pas ou ne concerne pas votre famille.",
  en: 'This invitation does not exist or is not for your family.',
};

type Session = Awaited<
  ReturnType<ReturnType<typeof createParticipantsRepository>['sessionsOfPeriod']>
>[number];

/**
 * Invitations: the confirmed attendees of a period invited to the next one (`invited`, holding a seat
 * until a deadline), a family accepting (→ in its cart) or declining, and the job expiring them. Waiting-list
 * offers are invitations too and follow the same answers and expiry.
 */
export function createInvitationsService(ctx: AppContext) {
  const repository = createParticipantsRepository(ctx.db);

  async function candidates(auth: AuthContext, periodId: string, targetPeriodId: string) {
    const organizationId = auth.organizationId;
    const periods = createPeriodsRepository(ctx.db);
    const scope = establishmentScope(auth);
    const period = await periods.findById(organizationId, periodId, scope);
    if (!period) throw new AppError('not_found');
    const target = await periods.findById(organizationId, targetPeriodId, scope);
    if (!target) throw failure('not_found', PERIOD_NOT_FOUND, 'targetPeriodId', 'not_found');
    if (target.id === period.id)
      throw failure('validation_failed', SAME_PERIOD, 'targetPeriodId', 'same_period');
    const settings = await registrationSettings(ctx.db, organizationId);
    const [attendees, sourceSessions, targetSessions] = await Promise.all([
      repository.confirmedOfPeriod(organizationId, periodId),
      repository.sessionsOfPeriod(organizationId, periodId),
      repository.sessionsOfPeriod(organizationId, targetPeriodId),
    ]);
    const matches = matchSessions(sourceSessions, targetSessions, settings.timeZone);
    const reachable = attendees.filter((a) => managerReaches(auth, a));
    const live = await repository.liveKeys(
      organizationId,
      targetSessions.map((s) => s.id),
      [...new Set(reachable.map((a) => a.member.id))],
    );
    return {
      period,
      target,
      settings,
      items: reachable.map((attendee) => {
        const match = matches.get(attendee.service.id) ?? null;
        return {
          attendee,
          match,
          alreadyRegistered: match !== null && live.has(`${match.id}:${attendee.member.id}`),
        };
      }),
    };
  }

  async function preview(
    auth: AuthContext,
    periodId: string,
    targetPeriodId: string,
  ): Promise<InviteAttendeesPreview> {
    const { items } = await candidates(auth, periodId, targetPeriodId);
    return {
      periodId,
      targetPeriodId,
      items: items.map(({ attendee, match, alreadyRegistered }): InviteAttendeeCandidate => ({
        participantId: attendee.participant.id,
        member: attendee.member,
        familyId: attendee.participant.familyId,
        service: toSessionRef(attendee.service),
        target: match ? toSessionRef(match) : null,
        alreadyRegistered,
      })),
    };
  }

  /** Invites one attendee to its matching session, holding a seat; the reason when it cannot. */
  async function inviteOne(
    auth: AuthContext,
    attendee: ParticipantView,
    match: Session,
    deadline: Date,
  ): Promise<string | InviteSkipReason> {
    const organizationId = auth.organizationId;
    const id = newId('reg');
    try {
      return await ctx.db.transaction(async (tx) => {
        const participants = createParticipantsRepository(tx);
        if (await participants.findLive(organizationId, match.id, attendee.member.id))
          return 'already-registered';
        if (!(await takeSeat(tx, organizationId, match.id))) return 'full';
        const now = ctx.clock.now();
        await participants.insert({
          organizationId,
          id,
          serviceId: match.id,
          memberId: attendee.member.id,
          familyId: attendee.participant.familyId,
          status: 'invited',
          holdsSeat: true,
          // The period's deadline, or the session's start when that comes first.
          invitationExpiresAt: offerDeadline(now, 0, match.startDateTime, deadline).deadline,
          chosenSupplementIds: attendee.participant.chosenSupplementIds,
          createdByUserId: auth.userId,
          createdAt: now,
          updatedAt: now,
        });
        await ctx.audit.record(
          {
            organizationId,
            type: 'registration-created',
            actorUserId: auth.userId,
            impersonatorUserId: auth.impersonatorUserId,
            subjectType: 'participant',
            subjectId: id,
            data: {
              serviceId: match.id,
              memberId: attendee.member.id,
              invitedFrom: attendee.participant.id,
              deadline: deadline.toISOString(),
            },
          },
          tx,
        );
        return id;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'participants_live_unique')) return 'already-registered';
      throw error;
    }
  }

  /**
   * Invites the chosen confirmed attendees of the period to their matching sessions of the target period,
   * each on its own (a full session skips that attendee only), then e-mails each family once with its
   * invitations and the deadline.
   */
  async function invite(
    auth: AuthContext,
    periodId: string,
    input: InviteAttendeesInput,
    locale: Locale,
  ): Promise<InviteAttendeesResult> {
    const organizationId = auth.organizationId;
    const { target, settings, items } = await candidates(auth, periodId, input.targetPeriodId);
    const now = ctx.clock.now();
    const deadline = input.deadline
      ? new Date(input.deadline)
      : new Date(now.getTime() + settings.invitationHours * 3_600_000);
    if (deadline.getTime() <= now.getTime())
      throw failure('validation_failed', DEADLINE_PAST, 'deadline', 'past');
    const byParticipant = new Map(items.map((item) => [item.attendee.participant.id, item]));
    const invited: { sourceParticipantId: string; id: string }[] = [];
    const skipped: InviteAttendeesResult['skipped'] = [];
    const skip = (participantId: string, reason: InviteSkipReason) =>
      skipped.push({ participantId, reason, message: SKIP_MESSAGES[reason][locale] });
    for (const participantId of new Set(input.participantIds)) {
      const item = byParticipant.get(participantId);
      if (!item) skip(participantId, 'not-found');
      else if (!item.match) skip(participantId, 'no-matching-session');
      else if (item.match.startDateTime.getTime() <= now.getTime()) skip(participantId, 'session-past');
      else {
        const outcome = await inviteOne(auth, item.attendee, item.match, deadline);
        if (outcome.startsWith('reg_')) invited.push({ sourceParticipantId: participantId, id: outcome });
        else skip(participantId, outcome as InviteSkipReason);
      }
    }
    const views = await repository.findViews(
      organizationId,
      invited.map((i) => i.id),
    );
    const byId = new Map(views.map((v) => [v.participant.id, v]));
    const families = new Map<string, ParticipantView[]>();
    for (const view of views) {
      families.set(view.participant.familyId, [...(families.get(view.participant.familyId) ?? []), view]);
    }
    for (const [familyId, family] of families) {
      await mailFamily(
        ctx,
        ctx.db,
        organizationId,
        familyId,
        'period-invitations',
        {
          organizationName: settings.name,
          periodName: target.name,
          items: family.map((v) => {
            const facts = registrationFacts(settings, v.member, v.service);
            return { memberName: facts.memberName, activityName: facts.activityName, start: facts.start };
          }),
          deadline: formatDateTime(deadline, settings.timeZone),
          link: familyLink(ctx, settings),
        },
        { inbox: { kind: 'invitation', eventKey: `invitation:${family[0]!.participant.id}` } },
      );
    }
    return {
      deadline: deadline.toISOString(),
      invited: invited.map((i) => ({
        sourceParticipantId: i.sourceParticipantId,
        participant: toParticipantDto(byId.get(i.id)!, true),
      })),
      skipped,
    };
  }

  /** The family's own invitation, locked, still open; 404 for another family's, 409 once answered or expired. */
  async function openInvitation(tx: Executor, auth: AuthContext, id: string) {
    const { organizationId, familyId } = familyOf(auth);
    const participants = createParticipantsRepository(tx);
    const view = await participants.findView(organizationId, id);
    if (!view || view.participant.familyId !== familyId)
      throw new AppError('not_found', [], { text: INVITATION_NOT_YOURS });
    const row = (await participants.lock(organizationId, id))!;
    if (row.status !== 'invited') throw refuse('invitation_no_longer_valid', 'id', 'status');
    const now = ctx.clock.now();
    if (
      (row.invitationExpiresAt && row.invitationExpiresAt.getTime() <= now.getTime()) ||
      view.service.startDateTime.getTime() <= now.getTime()
    ) {
      throw refuse('invitation_expired', 'id', 'expired');
    }
    return { organizationId, row, now, participants };
  }

  async function familyDto(auth: AuthContext, id: string): Promise<ParticipantDto> {
    const view = (await repository.findView(auth.organizationId, id))!;
    const now = ctx.clock.now();
    const open = ['invited', 'reserved', 'confirmed'].includes(view.participant.status);
    return toParticipantDto(view, open && view.service.startDateTime.getTime() > now.getTime());
  }

  return {
    preview,
    invite,

    /** The family accepts: the invitation becomes a reservation in its cart, held for the hold delay. */
    async accept(auth: AuthContext, id: string): Promise<ParticipantDto> {
      await ctx.db.transaction(async (tx) => {
        const { organizationId, row, now, participants } = await openInvitation(tx, auth, id);
        await assertConditionsAccepted(ctx, auth, tx);
        const settings = await registrationSettings(tx, organizationId);
        await participants.update(
          organizationId,
          row.id,
          {
            status: 'reserved',
            cartLinked: true,
            holdExpiresAt: new Date(now.getTime() + settings.holdMinutes * MINUTE),
            invitationExpiresAt: null,
          },
          now,
        );
      });
      return familyDto(auth, id);
    },

    /** The family declines: the seat goes back, to the session's waiting list first. */
    async decline(auth: AuthContext, id: string): Promise<ParticipantDto> {
      const { organizationId, serviceId } = await ctx.db.transaction(async (tx) => {
        const { organizationId, row, now, participants } = await openInvitation(tx, auth, id);
        await releaseSeat(tx, organizationId, row.id);
        await participants.update(organizationId, row.id, { status: 'invitation-declined' }, now);
        return { organizationId, serviceId: row.serviceId };
      });
      await offerFreedSeats(ctx, organizationId, serviceId);
      return familyDto(auth, id);
    },
  };
}

/**
 * Expires the invitations (period invitations and waiting-list offers) whose deadline has passed at
 * `ctx.clock.now()`: each becomes `invitation-expired` and gives its seat back, which is then offered to
 * the session's waiting list. Returns how many expired.
 */
export async function expireInvitations(ctx: AppContext, batch = 200): Promise<number> {
  const repository = createParticipantsRepository(ctx.db);
  let expired = 0;
  for (;;) {
    const due = await repository.expiredInvitations(ctx.clock.now(), batch);
    let progressed = 0;
    for (const { organizationId, id } of due) {
      const serviceId = await ctx.db.transaction(async (tx) => {
        const participants = createParticipantsRepository(tx);
        const row = await participants.lock(organizationId, id);
        const now = ctx.clock.now();
        // Answered meanwhile, or the deadline moved: nothing to do.
        if (!row || row.status !== 'invited' || !row.invitationExpiresAt || row.invitationExpiresAt > now)
          return null;
        await releaseSeat(tx, organizationId, row.id);
        await participants.update(organizationId, row.id, { status: 'invitation-expired' }, now);
        return row.serviceId;
      });
      if (serviceId) {
        progressed++;
        await offerFreedSeats(ctx, organizationId, serviceId);
      }
    }
    expired += progressed;
    if (due.length < batch || progressed === 0) return expired;
  }
}

/** Runs `expireInvitations` every minute, once across all instances. */
export async function registerInvitationExpiry(ctx: AppContext): Promise<void> {
  await ctx.queue.registerRecurring(INVITATION_EXPIRY_QUEUE, MINUTE, async () => {
    await expireInvitations(ctx);
  });
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
