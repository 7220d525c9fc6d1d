import type { AppContext } from '../../app-context';
import { handleCancellationCredits } from '../registrations/cancellation-credits';
import { insertCreditNote, participantInvoiceCredits } from './invoice-lifecycle';
import { CREDIT_REASONS } from './invoice-documents';
import { createInvoicingService } from './invoicing.service';

/** How a cancelled registration is credited (see registrations/cancellation-credits.ts); once per app. */
export function registerRegistrationCredits(ctx: AppContext): void {
  handleCancellationCredits(ctx, {
    async refundPaid(auth, organizationId, participantId, reason) {
      // The session's line, its per-session supplements, and a `once` supplement with the last
      // registration of the member in that activity and period (per invoice).
      const invoicing = createInvoicingService(ctx);
      let first: string | null = null;
      for (const owed of await participantInvoiceCredits(ctx.db, organizationId, participantId)) {
        if (owed.orderPaid <= 0) continue;
        const { id } = await invoicing.createCreditNote(
          auth,
          {
            invoiceId: owed.invoiceId,
            reason: reason || CREDIT_REASONS.registrationCancelled[owed.locale],
            invoiceLineIds: owed.lines.map((l) => l.invoiceLineId!),
            refund: true,
          },
          auth.locale,
        );
        first ??= id;
      }
      return first;
    },

    async creditUnpaid(tx, auth, organizationId, participantId, reason, now) {
      // Nothing paid on its order: the family no longer owes these lines of the invoice (the session,
      // its per-session supplements, a `once` supplement with the last registration of the period).
      let first: string | null = null;
      for (const owed of await participantInvoiceCredits(tx, organizationId, participantId)) {
        if (owed.orderPaid !== 0) continue;
        // A free registration (0 € lines) owes nothing: no credit note (it would credit nothing).
        if (owed.lines.every((l) => l.quantity * l.unitPrice === 0)) continue;
        const { id } = await insertCreditNote(tx, {
          organizationId,
          invoiceId: owed.invoiceId,
          reason: reason || CREDIT_REASONS.registrationCancelled[owed.locale],
          issuedAt: now,
          lines: owed.lines,
          createdByUserId: auth.userId,
          impersonatorUserId: auth.impersonatorUserId,
        });
        first ??= id;
      }
      return first;
    },
  });
}
