import type { AppContext } from '../../app-context';
import type { CancellationCompensation } from './session-changes.rules';

/** How the organisation compensates the families of a session it cancels. */
export interface CancellationSettings {
  compensation: CancellationCompensation;
  /** Whether a paid online order is refunded through its provider (else a credit note). */
  refundOnline: boolean;
}

/**
 * The organisation's cancellation settings. Plugged at merge: the organisation settings
 * `sessionCancellationCompensation` (recovery-token | credit-note) and `refundOnlineOnCancellation` are the
 * recovery helper's; until they exist, every organisation gives credit notes and refunds nothing online.
 * This is the one place to read them from.
 */
export async function cancellationSettingsOf(
  _ctx: AppContext,
  _organizationId: string,
): Promise<CancellationSettings> {
  return { compensation: 'credit-note', refundOnline: false };
}
