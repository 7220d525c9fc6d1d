import {
  formatDateTime,
  hasAgeLimits,
  isWithinAgeLimits,
  type Locale,
  type ParticipantDto,
  type RegistrationRequestInput,
  type ReviewDecisionInput,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { newId } from '../../lib/ids';
import type { AuthContext } from '../../plugins/auth';
import { familyOf } from '../family/family.service';
import { checkEligibility, type EligibilityCheck } from './eligibility';
import {
  conflict,
  familyLink,
  mailFamily,
  offerDeadline,
  refusalError,
  registrationFacts,
  registrationSettings,
} from './notifications';
import { toParticipantDto } from './participants.dto';
import { createParticipantsRepository } from './participants.repository';
import { ALREADY_ON_SESSION, managerReaches, SESSION_FULL } from './participants.service';
import { takeSeat } from './seats';

const WITHIN_AGE = {
  fr: "Ce membre a l'âge requis pour cette activité : inscrivez-le directement, sans demande.",
  en: 'This member meets the age required for this activity: register them directly, no request needed.',
};
const SEATS_LEFT = {
  fr: "Des places sont encore libres pour cette séance : inscrivez-vous directement, sans liste d'attente.",
  en: 'This session still has free seats: register directly, no waiting list needed.',
};
const OPEN_ACTIVITY = {
  fr: "Cette activité est ouverte à l'inscription : inscrivez-vous directement, sans demande.",
  en: 'This activity is open for registration: register directly, no request needed.',
};
const ALREADY_REVIEWED = {
  fr: 'Cette demande a déjà été traitée.',
  en: 'This request has already been handled.',
};

/**
 * The checks each kind of request leaves out: the one it asks an exception for, and the seat (none is
 * held while the manager decides).
 */
const SKIPPED: Record<RegistrationRequestInput['reason'], EligibilityCheck[]> = {
  age: ['age', 'full'],
  'waiting-list': ['full'],
  visibility: ['visibility', 'full'],
};

/**
 * Requests a family makes when the catalogue refuses (an age exception, a place on a full session's
 * waiting list, a private or protected activity), and the managers' answer ('A traiter').
 */
export function createReviewsService(ctx: AppContext) {
  const repository = createParticipantsRepository(ctx.db);

  /**
   * Files a `needs-review` request: everything but the excepted rule must pass (the member is the
   * family's, the session is upcoming, conditions accepted, not already registered nor busy…), and the
   * reason must be real (outside the age range, session full, activity not open to self-registration).
   */
  async function request(
    auth: AuthContext,
    input: RegistrationRequestInput,
    locale: Locale,
  ): Promise<ParticipantDto> {
    const { organizationId, familyId } = familyOf(auth);
    const session = await repository.findSession(organizationId, input.serviceId);
    // Hidden activities do not exist for a family; private ones only for a family taking part.
    if (!session || session.visibility === 'hidden' || session.archivedAt) throw new AppError('not_found');
    if (
      session.visibility === 'private' &&
      !(await repository.familyTakesPart(organizationId, familyId, session.blueprintId))
    ) {
      throw new AppError('not_found');
    }
    const skip = Object.fromEntries(SKIPPED[input.reason].map((check) => [check, true]));
    const check = await checkEligibility(
      ctx,
      ctx.db,
      {
        organizationId,
        serviceId: input.serviceId,
        memberId: input.memberId,
        familyId,
        supplementIds: input.supplementIds ?? [],
        locale,
        auth,
      },
      { skip },
    );
    if (!check.ok) throw refusalError(check.refusal);
    if (input.reason === 'age') {
      const age = check.ageMonths;
      const outside =
        age === null
          ? hasAgeLimits(session.minAge, session.maxAge)
          : !isWithinAgeLimits(age, session.minAge, session.maxAge);
      if (!outside) throw conflict(WITHIN_AGE, 'reason', 'within_age');
    }
    if (
      input.reason === 'waiting-list' &&
      (session.maxSeats === -1 || session.reservedSeats < session.maxSeats)
    ) {
      throw conflict(SEATS_LEFT, 'reason', 'seats_left');
    }
    if (input.reason === 'visibility' && session.visibility === 'public') {
      throw conflict(OPEN_ACTIVITY, 'reason', 'open');
    }
    // The optional supplements chosen with the request (those of the activity only), kept once accepted.
    const chosen = check.price.supplements
      .map((s) => s.supplementId)
      .filter((supplementId) => (input.supplementIds ?? []).includes(supplementId));
    const id = newId('reg');
    try {
      await ctx.db.transaction(async (tx) => {
        const now = ctx.clock.now();
        await createParticipantsRepository(tx).insert({
          organizationId,
          id,
          serviceId: input.serviceId,
          memberId: input.memberId,
          familyId,
          status: 'needs-review',
          holdsSeat: false,
          reviewReason: input.reason,
          reviewNote: input.note || null,
          chosenSupplementIds: chosen,
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
            data: { serviceId: input.serviceId, memberId: input.memberId, review: input.reason },
          },
          tx,
        );
      });
    } catch (error) {
      if (isUniqueViolation(error, 'participants_live_unique'))
        throw conflict(ALREADY_ON_SESSION, 'memberId', 'already-registered');
      throw error;
    }
    const view = (await repository.findView(organizationId, id))!;
    return toParticipantDto(view, false);
  }

  /**
   * A manager's answer. Accepting takes a seat and offers it to the family as an invitation (`invited`,
   * until the organisation's invitation delay; accepting it puts it in the cart); without a free seat, an age or visibility request stays
   * waiting as a waiting-list request (the family is told), and a waiting-list request is refused with 409.
   * Refusing cancels the request. Either way the family receives the manager's message.
   */
  async function decide(auth: AuthContext, id: string, input: ReviewDecisionInput): Promise<ParticipantDto> {
    const organizationId = auth.organizationId;
    await ctx.db.transaction(async (tx) => {
      const participants = createParticipantsRepository(tx);
      const view = await participants.findView(organizationId, id);
      if (!view || !managerReaches(auth, view)) throw new AppError('not_found');
      const row = (await participants.lock(organizationId, id))!;
      if (row.status !== 'needs-review') throw conflict(ALREADY_REVIEWED, 'id', 'status');
      const now = ctx.clock.now();
      const settings = await registrationSettings(tx, organizationId);
      const answer = input.message || null;
      const reviewed = { reviewAnswer: answer, reviewedByUserId: auth.userId, reviewedAt: now };
      const audit = {
        organizationId,
        actorUserId: auth.userId,
        impersonatorUserId: auth.impersonatorUserId,
        subjectType: 'participant',
        subjectId: row.id,
        data: { serviceId: row.serviceId, memberId: row.memberId, review: row.reviewReason },
      };
      let decision: 'accepted' | 'waiting-list' | 'refused';
      let holdUntil: Date | null = null;
      let holdUntilIsStart = false;
      if (input.decision === 'refuse') {
        await participants.update(
          organizationId,
          row.id,
          { ...reviewed, status: 'cancelled', cancelledAt: now, cancelReason: 'review-refused' },
          now,
        );
        await ctx.audit.record({ ...audit, type: 'registration-cancelled' }, tx);
        decision = 'refused';
      } else if (await takeSeat(tx, organizationId, row.serviceId)) {
        // The family is not at its screen when the manager decides: the seat is offered as an invitation
        // with the organisation's invitation delay (accepting it puts it in the cart), not a 20-minute hold.
        // Never past the session's start: a seat offered for a session that has begun is worth nothing.
        const offer = offerDeadline(now, settings.invitationHours, view.service.startDateTime);
        holdUntil = offer.deadline;
        holdUntilIsStart = offer.atStart;
        await participants.update(
          organizationId,
          row.id,
          { ...reviewed, status: 'invited', holdsSeat: true, invitationExpiresAt: holdUntil },
          now,
        );
        decision = 'accepted';
      } else if (row.reviewReason === 'waiting-list') {
        throw conflict(SESSION_FULL, 'decision', 'full');
      } else {
        await participants.update(organizationId, row.id, { ...reviewed, reviewReason: 'waiting-list' }, now);
        decision = 'waiting-list';
      }
      await mailFamily(ctx, tx, organizationId, row.familyId, 'registration-review-decision', {
        ...registrationFacts(settings, view.member, view.service),
        decision,
        message: answer,
        holdUntil: holdUntil ? formatDateTime(holdUntil, settings.timeZone) : null,
        holdUntilIsStart,
        link: familyLink(ctx, settings),
      });
    });
    const view = (await repository.findView(organizationId, id))!;
    return toParticipantDto(view, view.participant.status !== 'cancelled');
  }

  return { request, decide };
}
