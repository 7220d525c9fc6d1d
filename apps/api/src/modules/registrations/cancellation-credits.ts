import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import type { AuthContext } from '../../lib/access';

/*
 * Cancelling a registration gives back what it charged: refunded with credit notes when its order was
 * paid, credited when not. Invoicing does it, and sits above registrations in the module order
 * (docs/ARCHITECTURE.md): so registrations asks through this port, which `buildApp` plugs invoicing into
 * (invoicing/registration-credits.ts). No import points back up.
 */
export interface CancellationCredits {
  /**
   * Before a manager's cancellation with refund, outside any transaction (the provider is called):
   * refunds what was paid for the participant, with its credit notes. Answers the first note's id.
   */
  refundPaid(
    auth: AuthContext,
    organizationId: string,
    participantId: string,
    reason: string | undefined,
  ): Promise<string | null>;
  /**
   * In the cancellation's transaction: credits the lines the family no longer owes on invoices of
   * orders with nothing paid. Answers the first note's id.
   */
  creditUnpaid(
    tx: Executor,
    auth: AuthContext,
    organizationId: string,
    participantId: string,
    reason: string | undefined,
    now: Date,
  ): Promise<string | null>;
}

const plugged = new WeakMap<AppContext, CancellationCredits>();

/** Plugs in how cancellations are credited (`buildApp` does it once). */
export function handleCancellationCredits(ctx: AppContext, credits: CancellationCredits): void {
  plugged.set(ctx, credits);
}

/** The application's cancellation credits; fails loudly when none was plugged in. */
export function cancellationCreditsOf(ctx: AppContext): CancellationCredits {
  const credits = plugged.get(ctx);
  if (!credits) throw new Error('no cancellation credits: buildApp plugs invoicing in');
  return credits;
}
