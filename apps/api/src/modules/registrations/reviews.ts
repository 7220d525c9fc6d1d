import { familyOf } from '../../lib/access';
import {
  formatDateTime,
  type Locale,
  type ParticipantDto,
  type RegistrationRequestGroupInput,
  type RegistrationRequestGroupResult,
  type RegistrationRequestInput,
  type ReviewDecisionInput,
  type ReviewDecisionResult,
  type ReviewOutcome,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { newId } from '../../lib/ids';
import type { AuthContext } from '../../lib/access';

import { checkEligibility } from './eligibility';
import {
  refuse,
  failure,
  familyLink,
  mailFamily,
  offerDeadline,
  refusalError,
  registrationFacts,
  registrationSettings,
} from './notifications';
import { toParticipantDto } from './participants.dto';
import { createParticipantsRepository } from './participants.repository';
import { managerReaches } from './cancellations';
import {
  NOT_NEEDED,
  ONE_ACTIVITY,
  requestNotNeeded,
  SKIPPED_BY_REQUEST,
  UNKNOWN_SESSION,
} from './review-rules';
import { takeSeat } from './seats.repository';

/**
 * Requests a family makes when the catalogue refuses (an age exception, a place on a full session's
 * waiting list, a private or protected activity), and the managers' answer ('A traiter').
 */
export function createReviewsService(ctx: AppContext) {
  const repository = createParticipantsRepository(ctx.db);

  type Session = NonNullable<Awaited<ReturnType<typeof repository.findSession>>>;
  type Checked =
    { ok: true; chosen: string[] } | { ok: false; error: AppError; reason: string; message: string };

  /** The session as a family may ask for it: hidden, archived or private to others does not exist. */
  async function visibleSession(organizationId: string, familyId: string, serviceId: string) {
    const session = await repository.findSession(organizationId, serviceId);
    if (!session || session.visibility === 'hidden' || session.archivedAt) return null;
    if (
      session.visibility === 'private' &&
      !(await repository.familyTakesPart(organizationId, familyId, session.blueprintId))
    ) {
      return null;
    }
    return session;
  }

  /**
   * Everything but the excepted rule must pass (the member is the family's, the session is upcoming,
   * conditions accepted, not already registered nor busy…), and the reason must be real (outside the age
   * range, session full, activity not open to self-registration). Says which supplements are kept.
   */
  async function checkOne(
    auth: AuthContext,
    familyId: string,
    session: Session,
    memberId: string,
    input: Pick<RegistrationRequestInput, 'reason' | 'supplementIds'>,
    locale: Locale,
  ): Promise<Checked> {
    const fail = (error: AppError, reason: string): Checked => ({
      ok: false,
      error,
      reason,
      message: error.messageFor(locale),
    });
    const skip = Object.fromEntries(SKIPPED_BY_REQUEST[input.reason].map((check) => [check, true]));
    const check = await checkEligibility(
      ctx,
      ctx.db,
      {
        organizationId: auth.organizationId,
        serviceId: session.id,
        memberId,
        familyId,
        supplementIds: input.supplementIds ?? [],
        locale,
        auth,
      },
      { skip },
    );
    if (!check.ok) {
      return { ok: false, error: refusalError(check.refusal), ...check.refusal };
    }
    const notNeeded = requestNotNeeded(input.reason, session, check.ageMonths);
    if (notNeeded) {
      const { code, rule } = NOT_NEEDED[notNeeded];
      return fail(refuse(code, 'reason', rule), notNeeded);
    }
    // The optional supplements chosen with the request (those of the activity only), kept once accepted.
    const chosen = check.price.supplements
      .map((s) => s.supplementId)
      .filter((supplementId) => (input.supplementIds ?? []).includes(supplementId));
    return { ok: true, chosen };
  }

  /** Inserts the `needs-review` rows of one family request (in the caller's transaction). */
  async function insertRequests(
    tx: Parameters<Parameters<AppContext['db']['transaction']>[0]>[0],
    auth: AuthContext,
    familyId: string,
    rows: { id: string; serviceId: string; memberId: string; chosen: string[]; groupId: string | null }[],
    input: Pick<RegistrationRequestInput, 'reason' | 'note'>,
  ) {
    const organizationId = auth.organizationId;
    const now = ctx.clock.now();
    for (const row of rows) {
      await createParticipantsRepository(tx).insert({
        organizationId,
        id: row.id,
        serviceId: row.serviceId,
        memberId: row.memberId,
        familyId,
        status: 'needs-review',
        holdsSeat: false,
        reviewReason: input.reason,
        reviewNote: input.note || null,
        reviewGroupId: row.groupId,
        chosenSupplementIds: row.chosen,
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
          subjectId: row.id,
          data: { serviceId: row.serviceId, memberId: row.memberId, review: input.reason },
        },
        tx,
      );
    }
  }

  /** Files one `needs-review` request for one session (see `checkOne`). */
  async function request(
    auth: AuthContext,
    input: RegistrationRequestInput,
    locale: Locale,
  ): Promise<ParticipantDto> {
    const { organizationId, familyId } = familyOf(auth);
    const session = await visibleSession(organizationId, familyId, input.serviceId);
    if (!session) throw new AppError('not_found');
    const checked = await checkOne(auth, familyId, session, input.memberId, input, locale);
    if (!checked.ok) throw checked.error;
    const id = newId('reg');
    try {
      await ctx.db.transaction((tx) =>
        insertRequests(
          tx,
          auth,
          familyId,
          [
            {
              id,
              serviceId: input.serviceId,
              memberId: input.memberId,
              chosen: checked.chosen,
              groupId: null,
            },
          ],
          input,
        ),
      );
    } catch (error) {
      if (isUniqueViolation(error, 'participants_live_unique'))
        throw refuse('already_registered', 'memberId', 'already-registered');
      throw error;
    }
    const view = (await repository.findView(organizationId, id))!;
    return toParticipantDto(view, false);
  }

  /**
   * One request for a set of sessions of one activity (a whole term) and one or several members: each
   * member's sessions become one request (a shared review group) the managers decide at once. A session
   * that cannot be asked (past, already registered, within the age…) is reported, the others are filed,
   * all in one transaction. Unknown sessions or sessions of several activities refuse the whole call.
   */
  async function requestGroup(
    auth: AuthContext,
    input: RegistrationRequestGroupInput,
    locale: Locale,
  ): Promise<RegistrationRequestGroupResult> {
    const { organizationId, familyId } = familyOf(auth);
    const serviceIds = [...new Set(input.serviceIds)];
    const memberIds = [...new Set(input.memberIds)];
    const sessions: Session[] = [];
    for (const serviceId of serviceIds) {
      const session = await visibleSession(organizationId, familyId, serviceId);
      if (!session) throw failure('not_found', UNKNOWN_SESSION, 'serviceIds', 'not_found');
      sessions.push(session);
    }
    if (new Set(sessions.map((s) => s.blueprintId)).size > 1) {
      throw failure('validation_failed', ONE_ACTIVITY, 'serviceIds', 'one_activity');
    }
    const refused: RegistrationRequestGroupResult['refused'] = [];
    const rows: {
      id: string;
      serviceId: string;
      memberId: string;
      chosen: string[];
      groupId: string | null;
    }[] = [];
    for (const memberId of memberIds) {
      const groupId = newId('reg');
      for (const session of sessions) {
        const checked = await checkOne(auth, familyId, session, memberId, input, locale);
        if (!checked.ok) {
          // The sessions were found above: an unknown member (not the family's) refuses the whole call.
          if (checked.reason === 'not-found') throw checked.error;
          refused.push({ serviceId: session.id, memberId, reason: checked.reason, message: checked.message });
          continue;
        }
        rows.push({ id: newId('reg'), serviceId: session.id, memberId, chosen: checked.chosen, groupId });
      }
    }
    try {
      await ctx.db.transaction((tx) => insertRequests(tx, auth, familyId, rows, input));
    } catch (error) {
      if (isUniqueViolation(error, 'participants_live_unique'))
        throw refuse('already_registered', 'memberId', 'already-registered');
      throw error;
    }
    const requests: ParticipantDto[] = [];
    for (const row of rows) {
      requests.push(toParticipantDto((await repository.findView(organizationId, row.id))!, false));
    }
    return { requests, refused };
  }

  /**
   * A manager's answer, for the whole request the row belongs to (every session asked at once).
   * Accepting takes a seat per session and offers it to the family as an invitation (`invited`, until the
   * organisation's invitation delay, never past the session's start; accepting it puts it in the cart);
   * without a free seat, an age or visibility request stays waiting as a waiting-list request, and a
   * waiting-list request stays as it is ('full'; alone, 409). Refusing cancels the request. Either way the
   * family receives one e-mail with the manager's message.
   */
  async function decide(
    auth: AuthContext,
    id: string,
    input: ReviewDecisionInput,
  ): Promise<ReviewDecisionResult> {
    const organizationId = auth.organizationId;
    const outcomes: ReviewOutcome[] = [];
    await ctx.db.transaction(async (tx) => {
      const participants = createParticipantsRepository(tx);
      const view = await participants.findView(organizationId, id);
      if (!view || !managerReaches(auth, view)) throw new AppError('not_found');
      const first = (await participants.lock(organizationId, id))!;
      if (first.status !== 'needs-review') throw refuse('request_already_reviewed', 'id', 'status');
      const rows = first.reviewGroupId
        ? await participants.lockReviewGroup(organizationId, first.reviewGroupId)
        : [first];
      const now = ctx.clock.now();
      const settings = await registrationSettings(tx, organizationId);
      const answer = input.message || null;
      const reviewed = { reviewAnswer: answer, reviewedByUserId: auth.userId, reviewedAt: now };
      const sessions: {
        start: string;
        decision: 'accepted' | 'waiting-list' | 'refused' | 'full';
        holdUntil: string | null;
        holdUntilIsStart: boolean;
      }[] = [];
      for (const row of rows) {
        const rowView = row.id === id ? view : (await participants.findView(organizationId, row.id))!;
        const audit = {
          organizationId,
          actorUserId: auth.userId,
          impersonatorUserId: auth.impersonatorUserId,
          subjectType: 'participant',
          subjectId: row.id,
          data: { serviceId: row.serviceId, memberId: row.memberId, review: row.reviewReason },
        };
        let decision: 'accepted' | 'waiting-list' | 'refused' | 'full';
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
          const offer = offerDeadline(now, settings.invitationHours, rowView.service.startDateTime);
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
          decision = 'full';
        } else {
          await participants.update(
            organizationId,
            row.id,
            { ...reviewed, reviewReason: 'waiting-list' },
            now,
          );
          decision = 'waiting-list';
        }
        outcomes.push({
          participantId: row.id,
          serviceId: row.serviceId,
          startDateTime: rowView.service.startDateTime.toISOString(),
          outcome: decision,
        });
        sessions.push({
          start: formatDateTime(rowView.service.startDateTime, settings.timeZone),
          decision,
          holdUntil: holdUntil ? formatDateTime(holdUntil, settings.timeZone) : null,
          holdUntilIsStart,
        });
      }
      // A waiting-list request with no seat left anywhere: nothing was decided.
      if (outcomes.every((o) => o.outcome === 'full')) throw refuse('session_full', 'decision', 'full');
      const only = sessions.length === 1 ? sessions[0]! : null;
      // One decision, one entry in the family's inbox (a later decision on the same request is another).
      const inbox = {
        inbox: { kind: 'registration-review', eventKey: `registration-review:${id}:${now.toISOString()}` },
      } as const;
      if (only && only.decision !== 'full') {
        await mailFamily(
          ctx,
          tx,
          organizationId,
          first.familyId,
          'registration-review-decision',
          {
            ...registrationFacts(settings, view.member, view.service),
            decision: only.decision,
            message: answer,
            holdUntil: only.holdUntil,
            holdUntilIsStart: only.holdUntilIsStart,
            link: familyLink(ctx, settings),
          },
          inbox,
        );
      } else {
        await mailFamily(
          ctx,
          tx,
          organizationId,
          first.familyId,
          'registration-review-group-decision',
          {
            ...registrationFacts(settings, view.member, view.service),
            decision: input.decision === 'refuse' ? 'refused' : 'accepted',
            sessions,
            message: answer,
            link: familyLink(ctx, settings),
          },
          inbox,
        );
      }
    });
    const view = (await repository.findView(organizationId, id))!;
    return { ...toParticipantDto(view, view.participant.status !== 'cancelled'), outcomes };
  }

  return { request, requestGroup, decide };
}
