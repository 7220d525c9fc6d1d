import { SESSION_CANCELLATION_COMPENSATIONS, type EnumValue } from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { createRecoveryRepository } from '../recovery/recovery.repository';

/** How the organisation compensates the families of a session it cancels. */
export interface CancellationSettings {
  compensation: EnumValue<typeof SESSION_CANCELLATION_COMPENSATIONS>;
  /** Whether a paid online order is refunded through its provider (else a credit note). */
  refundOnline: boolean;
}

/**
 * The organisation's cancellation settings (Configuration, « Récupérations »): a recovery token or a
 * credit note per family, and whether a paid online order is refunded through its provider.
 */
export async function cancellationSettingsOf(
  ctx: AppContext,
  organizationId: string,
): Promise<CancellationSettings> {
  const row = await createRecoveryRepository(ctx.db).settings(organizationId);
  return {
    compensation: SESSION_CANCELLATION_COMPENSATIONS.is(row?.sessionCancellationCompensation)
      ? row.sessionCancellationCompensation
      : 'credit-note',
    refundOnline: row?.refundOnlineOnCancellation ?? false,
  };
}
