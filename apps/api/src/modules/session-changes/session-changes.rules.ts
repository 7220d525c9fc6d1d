/*
 * What a session's change gives each family, as pure rules (no database): the unit tests hold them.
 */

/** The organisation's choice when it cancels a session (organisation setting, see compensation-settings.ts). */
export type CancellationCompensation = 'recovery-token' | 'credit-note';

/** What one confirmed participant of a cancelled session gets back. */
export type ParticipantCompensation =
  /** A recovery token (the recovery module issues it); the invoice is left as it is. */
  | 'recovery-token'
  /** The money goes back through the order's provider, with its credit note. */
  | 'refund'
  /** A credit note for what was charged for the session (paid: the family's credit; unpaid: no longer due). */
  | 'credit-note'
  /** Nothing was charged (a free session, or already credited): the e-mail only. */
  | 'nothing';

export interface CompensationFacts {
  choice: CancellationCompensation;
  refundOnline: boolean;
  /** The activity's visibility: recovery is allowed for protected and public activities only (spec section 4). */
  visibility: string;
  /** Cents still chargeable for this participant's session on its invoice (not credited yet). */
  charged: number;
  /** Cents received on the participant's order. */
  orderPaid: number;
  /** The order's payment provider ('offline', 'mollie', 'buckaroo'), null without an order. */
  provider: string | null;
}

const RECOVERABLE = new Set(['protected', 'public']);

/** Whether the activity's visibility allows a recovery token (protected or public). */
export const allowsRecovery = (visibility: string): boolean => RECOVERABLE.has(visibility);

/**
 * What a participant of a cancelled session gets back: a token when the organisation chose tokens and the
 * activity allows recovery; otherwise, for what was charged, a refund through the provider when the order
 * was paid online and the organisation refunds online, else a credit note; nothing when nothing was charged.
 */
export function compensationFor(facts: CompensationFacts): ParticipantCompensation {
  if (facts.choice === 'recovery-token' && allowsRecovery(facts.visibility)) return 'recovery-token';
  if (facts.charged <= 0) return 'nothing';
  const paidOnline = facts.orderPaid > 0 && facts.provider !== null && facts.provider !== 'offline';
  return paidOnline && facts.refundOnline ? 'refund' : 'credit-note';
}

/** Whether a postponement to `next` changes the start (a repeated call with the same start tells nobody again). */
export const startChanged = (previous: Date, next: Date | undefined): next is Date =>
  next !== undefined && previous.getTime() !== next.getTime();
