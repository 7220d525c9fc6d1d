import {
  displayName,
  formatDate,
  formatDateTime,
  formatMoney,
  type RecoveryTokenOrigin,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { organizationUrl } from '../../config';
import type { Executor } from '../../db/client';
import { newId } from '../../lib/ids';
import type { RecoveryMailFacts } from '../mail/mail-template-types';
import { type AbsenceEvent, handleAbsences } from '../attendance/absence-events';
import { handleCancellationTokens } from '../registrations/cancellation-tokens';
import { mailFamily } from '../registrations/notifications';
import { createRecoveryRepository, type ParticipantFacts } from './recovery.repository';
import {
  absenceGivesToken,
  cancelledSessionGivesToken,
  expiryOf,
  familyCancellationGivesToken,
  tokenValue,
} from './recovery.rules';

/*
 * Giving recovery tokens, in the caller's transaction (so the token, its audit event and its e-mail exist
 * only if the change that caused it commits). One token per registration and origin, ever: the unique
 * index makes a repeated call (an absence marked twice, a cancellation replayed) a no-op.
 *
 * The three origins' use cases, for the modules above or beside registrations:
 * - `issueTokenForAbsence`: attendance marks a confirmed participant absent (its port, plugged at merge);
 * - `issueTokenForCancelledSession`: the organisation cancels a session and chose tokens over credit notes
 *   (call it for each participant still confirmed, before changing its status);
 * - a family's own cancellation in time, through registrations' port `cancellation-tokens.ts`.
 */

/** Which registration missed a session, when, and who acted. */
export interface TokenIssue {
  organizationId: string;
  participantId: string;
  at: Date;
  actorUserId: string | null;
}

/** The e-mail facts of a token (dates in the organisation's zone). */
export function recoveryMailFacts(
  ctx: AppContext,
  settings: { key: string; name: string; timeZone: string },
  token: {
    origin: RecoveryTokenOrigin;
    valueCents: number;
    expiresAt: Date;
    memberFirstName: string;
    memberLastName: string;
    activityName: string | null;
    start: Date | null;
  },
): RecoveryMailFacts {
  return {
    organizationName: settings.name,
    memberName: displayName(
      { firstName: token.memberFirstName, lastName: token.memberLastName },
      'participant',
    ),
    activityName: token.activityName,
    start: token.start ? formatDateTime(token.start, settings.timeZone) : null,
    origin: token.origin,
    value: token.valueCents > 0 ? formatMoney(token.valueCents) : null,
    expires: formatDate(token.expiresAt, settings.timeZone),
    link: organizationUrl(ctx.config, settings.key, '/recovery-tokens'),
  };
}

/** Why an absence's token was withdrawn: the participant was marked present again (shown on the token). */
export const ATTENDANCE_CORRECTED = 'Présence corrigée : le participant était présent';

/**
 * Writes the token of a missed registration once, audits it and e-mails the family. Answers its id. A
 * token an absence gave and a corrected mark withdrew comes back when the participant is absent again.
 */
async function issue(
  ctx: AppContext,
  tx: Executor,
  origin: Exclude<RecoveryTokenOrigin, 'manual'>,
  request: TokenIssue,
  facts: ParticipantFacts,
  validityDays: number,
  settings: { key: string; name: string; timeZone: string },
): Promise<string | null> {
  const repository = createRecoveryRepository(tx);
  const id = newId('rcv', request.at.getTime());
  const valueCents = tokenValue(facts.line);
  const expiresAt = expiryOf(request.at, validityDays);
  const inserted = await repository.insertOnce({
    organizationId: request.organizationId,
    id,
    memberId: facts.memberId,
    familyId: facts.familyId,
    origin,
    originParticipantId: facts.participantId,
    originServiceId: facts.serviceId,
    originBlueprintId: facts.blueprintId,
    valueCents,
    status: 'available',
    expiresAt,
    createdByUserId: request.actorUserId,
    createdAt: request.at,
    updatedAt: request.at,
  });
  let tokenId = id;
  if (!inserted) {
    const withdrawn = await repository.lockOrigin(request.organizationId, facts.participantId, origin);
    if (withdrawn?.status !== 'cancelled' || withdrawn.cancelReason !== ATTENDANCE_CORRECTED) return null;
    tokenId = withdrawn.id;
    await repository.update(
      request.organizationId,
      tokenId,
      { status: 'available', cancelledAt: null, cancelReason: null, expiresAt, valueCents },
      request.at,
    );
  }
  await ctx.audit.record(
    {
      organizationId: request.organizationId,
      type: 'recovery-token-created',
      actorUserId: request.actorUserId,
      subjectType: 'recovery-token',
      subjectId: tokenId,
      data: { origin, participantId: facts.participantId, serviceId: facts.serviceId, valueCents },
    },
    tx,
  );
  const member = await repository.member(request.organizationId, facts.memberId);
  await mailFamily(
    ctx,
    tx,
    request.organizationId,
    facts.familyId,
    'recovery-token-created',
    recoveryMailFacts(ctx, settings, {
      origin,
      valueCents,
      expiresAt,
      memberFirstName: member?.first_name ?? '',
      memberLastName: member?.last_name ?? '',
      activityName: facts.activityName,
      start: facts.startDateTime,
    }),
    {
      inbox: {
        kind: 'recovery-token',
        eventKey: `recovery-token-created:${tokenId}:${expiresAt.toISOString()}`,
      },
    },
  );
  return tokenId;
}

async function gather(tx: Executor, request: TokenIssue) {
  const repository = createRecoveryRepository(tx);
  const settings = await repository.settings(request.organizationId);
  const facts = await repository.participantFacts(request.organizationId, request.participantId);
  return settings && facts ? { settings, facts } : null;
}

/**
 * A participant marked absent: a token when the organisation grants them for absences and the activity
 * allows recovery (protected, public). Answers the new token's id, or null (none due, or already given).
 */
export async function issueTokenForAbsence(ctx: AppContext, tx: Executor, request: TokenIssue) {
  const found = await gather(tx, request);
  if (!found) return null;
  const { settings, facts } = found;
  if (facts.status !== 'absent' && facts.status !== 'confirmed') return null;
  if (
    !absenceGivesToken({ visibility: facts.visibility, recoveryForAbsences: settings.recoveryForAbsences })
  ) {
    return null;
  }
  return issue(ctx, tx, 'absence', request, facts, settings.recoveryValidityDays, settings);
}

/**
 * A participant marked present again after an absence: the token the absence gave is withdrawn while
 * unused (a token already used stays used: the make-up session took place). Marked absent again later,
 * the same token comes back (`issueTokenForAbsence`).
 */
export async function withdrawAbsenceToken(ctx: AppContext, tx: Executor, request: TokenIssue) {
  const repository = createRecoveryRepository(tx);
  const token = await repository.lockOrigin(request.organizationId, request.participantId, 'absence');
  if (token?.status !== 'available') return;
  const found = await gather(tx, request);
  await repository.update(
    request.organizationId,
    token.id,
    { status: 'cancelled', cancelledAt: request.at, cancelReason: ATTENDANCE_CORRECTED },
    request.at,
  );
  await ctx.audit.record(
    {
      organizationId: request.organizationId,
      type: 'recovery-token-cancelled',
      actorUserId: request.actorUserId,
      subjectType: 'recovery-token',
      subjectId: token.id,
      data: { reason: ATTENDANCE_CORRECTED, participantId: request.participantId },
    },
    tx,
  );
  if (!found) return;
  // The family was told of the token: it is told it is gone, rather than finding it missing.
  const member = await repository.member(request.organizationId, token.memberId);
  await mailFamily(
    ctx,
    tx,
    request.organizationId,
    token.familyId,
    'recovery-token-withdrawn',
    recoveryMailFacts(ctx, found.settings, {
      origin: 'absence',
      valueCents: token.valueCents,
      expiresAt: token.expiresAt,
      memberFirstName: member?.first_name ?? '',
      memberLastName: member?.last_name ?? '',
      activityName: found.facts.activityName,
      start: found.facts.startDateTime,
    }),
    {
      inbox: {
        kind: 'recovery-token',
        eventKey: `recovery-token-withdrawn:${token.id}:${request.at.toISOString()}`,
      },
    },
  );
}

/**
 * A confirmed participant of a session the organisation cancels, when it chose tokens
 * (`sessionCancellationCompensation = 'recovery-token'`, checked by the caller, which gives a credit note
 * otherwise). Call it before changing the participant's status. Answers the new token's id, or null.
 */
export async function issueTokenForCancelledSession(ctx: AppContext, tx: Executor, request: TokenIssue) {
  const found = await gather(tx, request);
  if (!found) return null;
  const { settings, facts } = found;
  if (!cancelledSessionGivesToken({ visibility: facts.visibility, status: facts.status })) return null;
  return issue(ctx, tx, 'session-cancelled', request, facts, settings.recoveryValidityDays, settings);
}

/** What a family's own cancellation gives (see `familyCancellationGivesToken` for the decision). */
export async function issueTokenForFamilyCancellation(
  ctx: AppContext,
  tx: Executor,
  request: TokenIssue & { previousStatus: string; credited: boolean },
) {
  const found = await gather(tx, request);
  if (!found) return null;
  const { settings, facts } = found;
  const due = familyCancellationGivesToken({
    previousStatus: request.previousStatus,
    visibility: facts.visibility,
    sessionStart: facts.startDateTime,
    now: request.at,
    noticeHours: settings.recoveryNoticeHours,
    credited: request.credited,
  });
  if (!due) return null;
  return issue(ctx, tx, 'family-cancellation', request, facts, settings.recoveryValidityDays, settings);
}

/** Plugs recovery into registrations' family cancellations and attendance's absences (once per application). */
export function registerRecoveryTokens(ctx: AppContext): void {
  handleCancellationTokens(ctx, {
    async familyCancelled(tx, cancellation) {
      await issueTokenForFamilyCancellation(ctx, tx, cancellation);
    },
  });
  const requestOf = (event: AbsenceEvent): TokenIssue => ({
    organizationId: event.organizationId,
    participantId: event.participantId,
    at: event.at,
    actorUserId: event.actorUserId,
  });
  handleAbsences(ctx, {
    async absent(tx, event) {
      await issueTokenForAbsence(ctx, tx, requestOf(event));
    },
    async presentAgain(tx, event) {
      await withdrawAbsenceToken(ctx, tx, requestOf(event));
    },
  });
}
