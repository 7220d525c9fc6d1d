import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { toActor, type AuthContext } from '../../lib/access';
import { CREDIT_REASONS } from '../invoicing/invoice-documents';
import { cancellationCreditsOf } from '../registrations/cancellation-credits';
import { createUserRepository } from '../users/user.repository';
import { createSessionChangesRepository } from './session-changes.repository';
import { mailSessionCancelled } from './session-mails';

/*
 * The refund of a participant whose session the organisation cancelled (paid online, the organisation
 * refunds online): a job queued in the cancellation's transaction, one per participant (its id names the
 * participant, so a cancellation repeated or run twice at once queues it once). It refunds what was paid
 * for the session through the provider with its credit note (invoicing, as a manager's cancellation with
 * refund), then tells the family. Run again after a failure, it finds the lines credited and refunds
 * nothing twice.
 */

export const SESSION_REFUND_QUEUE = 'session-changes.refund';
const MAX_ATTEMPTS = 8;

export interface SessionRefundPayload extends Record<string, unknown> {
  participantId: string;
  /** The manager who cancelled the session: the refund is theirs. */
  actorUserId: string;
}

/** Queues the refund in the cancellation's transaction. */
export async function enqueueSessionRefund(
  ctx: AppContext,
  tx: Executor,
  organizationId: string,
  payload: SessionRefundPayload,
): Promise<void> {
  await ctx.queue.enqueue(SESSION_REFUND_QUEUE, payload, {
    key: `session-refund:${payload.participantId}`,
    organizationId,
    executor: tx,
    maxAttempts: MAX_ATTEMPTS,
  });
}

/** The manager who cancelled, as the services see a caller. */
async function actorOf(ctx: AppContext, organizationId: string, userId: string): Promise<AuthContext | null> {
  const account = await createUserRepository(ctx.db).findAccountById(organizationId, userId);
  if (!account) return null;
  const { user } = account;
  return {
    userId: user.id,
    homeOrganizationId: organizationId,
    organizationId,
    sessionId: SESSION_REFUND_QUEUE,
    actor: toActor(user),
    familyId: user.familyId,
    establishmentId: user.establishmentId,
    email: user.email,
    locale: user.locale === 'en' ? 'en' : 'fr',
    impersonatorUserId: null,
  };
}

export function registerSessionRefunds(ctx: AppContext): void {
  ctx.queue.register<SessionRefundPayload>(
    SESSION_REFUND_QUEUE,
    async (payload, job) => {
      const organizationId = job.organizationId;
      if (!organizationId) return;
      const reads = createSessionChangesRepository(ctx.db);
      const participant = await reads.participant(organizationId, payload.participantId);
      const auth = await actorOf(ctx, organizationId, payload.actorUserId);
      if (!participant || !auth) return;
      await cancellationCreditsOf(ctx).refundPaid(
        auth,
        organizationId,
        participant.id,
        CREDIT_REASONS.sessionCancelled.fr,
      );
      // Refunds run one registration at a time: this e-mail names one member (the inbox keeps the first).
      await mailSessionCancelled(ctx, undefined, organizationId, [
        {
          participant,
          compensation: 'refund',
          note: await reads.refundNotesOf(organizationId, participant.id),
        },
      ]);
    },
    { maxAttempts: MAX_ATTEMPTS },
  );
}
