import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';

export interface CancelledSessionToken {
  organizationId: string;
  participantId: string;
  serviceId: string;
  actorUserId: string;
  /** What was paid for the session (cents): the token's value. */
  amount: number;
}

/**
 * Plugged at merge: the recovery module's `issueTokenForCancelledSession` (token, audit
 * `recovery-token-created`, in the cancellation's transaction). Until then no organisation chooses tokens
 * (compensation-settings.ts answers 'credit-note'), so this is never reached; it fails loudly if it is.
 */
export async function issueTokenForCancelledSession(
  _ctx: AppContext,
  _tx: Executor,
  _token: CancelledSessionToken,
): Promise<void> {
  throw new Error('issueTokenForCancelledSession: the recovery module is plugged at merge');
}
