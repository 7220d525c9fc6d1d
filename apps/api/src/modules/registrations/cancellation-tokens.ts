import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';

/*
 * A family that cancels a confirmed registration in time may get a recovery token (modules/recovery). The
 * recovery module sits above registrations in the module order (docs/ARCHITECTURE.md): so registrations
 * tells it through this port, which `buildApp` plugs recovery into (recovery/recovery-issue.ts). No import
 * points back up.
 */
export interface FamilyCancellation {
  organizationId: string;
  participantId: string;
  /** The participant's status before the cancellation. */
  previousStatus: string;
  /** Whether the cancellation credited what the registration charged (nothing was paid on its order). */
  credited: boolean;
  actorUserId: string | null;
  at: Date;
}

export interface CancellationTokens {
  /** In the cancellation's transaction: gives the token the organisation's rules grant, if any. */
  familyCancelled(tx: Executor, cancellation: FamilyCancellation): Promise<void>;
}

const plugged = new WeakMap<AppContext, CancellationTokens>();

/** Plugs in what a family cancellation gives back as a token (`buildApp` does it once). */
export function handleCancellationTokens(ctx: AppContext, tokens: CancellationTokens): void {
  plugged.set(ctx, tokens);
}

/** The application's cancellation tokens; fails loudly when none was plugged in. */
export function cancellationTokensOf(ctx: AppContext): CancellationTokens {
  const tokens = plugged.get(ctx);
  if (!tokens) throw new Error('no cancellation tokens: buildApp plugs recovery in');
  return tokens;
}
