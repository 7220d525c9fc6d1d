import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';

/*
 * Queuing the e-mails of money events, apart from their rendering (the family-mail module, top of the
 * module order): the modules that cause an event (cart, registrations, payments) queue it from here, and
 * the rendering, which reads orders, invoices and registrations, stays above them, so no import loops back.
 */

export const FAMILY_MAIL_QUEUE = 'mail.family-event';

export type FamilyMailEvent =
  | { kind: 'order-placed'; orderId: string }
  | {
      kind: 'registration-cancelled';
      participantId: string;
      by: 'family' | 'manager';
      creditNoteId: string | null;
    }
  | { kind: 'refund-made'; refundId: string };

export interface FamilyMailPayload extends Record<string, unknown> {
  event: FamilyMailEvent;
  /** The accounts already sent to, by id (a retried job skips them). */
  sent?: string[];
}

export const MAX_ATTEMPTS = 8;

/** The job's id: one per event. */
export function familyMailKey(event: FamilyMailEvent): string {
  switch (event.kind) {
    case 'order-placed':
      return `mail:order-placed:${event.orderId}`;
    case 'registration-cancelled':
      return `mail:registration-cancelled:${event.participantId}`;
    case 'refund-made':
      return `mail:refund-made:${event.refundId}`;
  }
}

/** The job row of an event, for a caller that writes it in its own statement (checkout). */
export function familyMailJobRow(organizationId: string, event: FamilyMailEvent) {
  const payload: FamilyMailPayload = { event };
  return {
    id: familyMailKey(event),
    queue: FAMILY_MAIL_QUEUE,
    organizationId,
    payload,
    maxAttempts: MAX_ATTEMPTS,
  };
}

/** Queues the e-mail of an event inside the caller's transaction (sent only if the change commits). */
export async function enqueueFamilyMail(
  ctx: AppContext,
  executor: Executor,
  organizationId: string,
  event: FamilyMailEvent,
): Promise<void> {
  await ctx.queue.enqueue(
    FAMILY_MAIL_QUEUE,
    { event },
    { key: familyMailKey(event), organizationId, executor, maxAttempts: MAX_ATTEMPTS },
  );
}
