import {
  displayName,
  formatDate,
  formatDateTime,
  formatMoney,
  type Locale,
  resolveLocale,
} from '@inscrio/shared';
import QRCode from 'qrcode';
import type { AppContext } from '../../app-context';
import { organizationUrl } from '../../config';
import type { JobContext } from '../../jobs/queue';
import { createInvoicingService } from '../invoicing/invoicing.service';
import { amountDue } from '../orders/orders.dto';
import { createOrdersRepository } from '../orders/orders.repository';
import { createOrdersService } from '../orders/orders.service';
import { createParticipantsRepository } from '../registrations/participants.repository';
import { createMailBrandLookup, type MailBrand } from '../mail/mail-brand';
import type { MailAttachment, OutgoingMail } from '../mail/mail-transport';
import { createFamilyMailRepository } from './family-mail.repository';
import {
  type CancelledMail,
  type OrderPlacedMail,
  type RefundMail,
  renderCancelledMail,
  renderOrderPlacedMail,
  renderRefundMail,
} from './family-mail-templates';
import {
  FAMILY_MAIL_QUEUE,
  type FamilyMailEvent,
  familyMailKey,
  type FamilyMailPayload,
  MAX_ATTEMPTS,
} from '../mail/family-mail-queue';
import { recordFamilyMessage } from '../inbox/inbox';

/*
 * The e-mails of money events (DESIGN.md section 10): order placed, registration cancelled, refund made.
 * The change that causes one writes a job in its own transaction (or statement); the job reads what it
 * needs, renders the mail in each recipient's language (QR code and PDFs included) and sends it. The job's
 * id is the event's key, so an event is queued once; each recipient sent to is marked on the job, so a job
 * retried after a failure (or taken over after a crash) never sends a recipient the same mail twice.
 * A job holds ids only: addresses, names and a manager's reason are read when it runs. Queuing is in
 * family-mail-queue.ts.
 */

interface Recipient {
  userId: string;
  email: string;
  locale: Locale;
}

interface Prepared {
  familyId: string;
  recipients: Recipient[];
  render: (locale: Locale, brand?: MailBrand | null) => { subject: string; text: string; html: string };
  attachments: MailAttachment[];
}

export function registerFamilyMails(ctx: AppContext): void {
  const orders = createOrdersService(ctx);
  const invoicing = createInvoicingService(ctx);
  const repository = createFamilyMailRepository(ctx.db);
  const brandOf = createMailBrandLookup(ctx.config, ctx.db);

  /** The family's live accounts, oldest first, each in its language. */
  async function recipientsOf(organizationId: string, familyId: string): Promise<Recipient[]> {
    const rows = await repository.familyAccounts(organizationId, familyId);
    return rows.map((r) => ({ userId: r.id, email: r.email, locale: resolveLocale(r.locale) }));
  }

  /** What is still due on the order: the figure the order page shows. */
  async function dueOf(organizationId: string, orderId: string): Promise<number> {
    const found = await createOrdersRepository(ctx.db).find(organizationId, orderId);
    return found ? amountDue(found.order) : 0;
  }

  async function qrImage(payload: string): Promise<MailAttachment> {
    const content = await QRCode.toBuffer(payload, { errorCorrectionLevel: 'M', margin: 4, width: 264 });
    return { filename: 'qr-virement.png', content, contentType: 'image/png', cid: 'epc-qr' };
  }

  async function creditNoteAttachment(organizationId: string, creditNoteId: string | null) {
    if (!creditNoteId) return null;
    const file = await invoicing.creditNotePdfOf(organizationId, creditNoteId);
    const attachment: MailAttachment = {
      filename: file.fileName,
      content: file.pdf,
      contentType: 'application/pdf',
    };
    return { attachment, note: file.note };
  }

  async function orderPlaced(organizationId: string, orderId: string): Promise<Prepared | null> {
    const organization = await repository.organization(organizationId);
    const found = await createOrdersRepository(ctx.db).find(organizationId, orderId);
    if (!organization || !found) return null;
    const detail = await orders.detailOf(organizationId, orderId);
    const due = await dueOf(organizationId, orderId);
    const invoice = await repository.liveInvoiceOfOrder(organizationId, orderId);
    const attachments: MailAttachment[] = [];
    const transfer = detail.transfer;
    if (transfer?.epcPayload) attachments.push(await qrImage(transfer.epcPayload));
    if (invoice) {
      const file = await invoicing.invoicePdfOf(organizationId, invoice.id);
      attachments.push({ filename: file.fileName, content: file.pdf, contentType: 'application/pdf' });
    }
    const link = organizationUrl(ctx.config, organization.key, `/orders/${encodeURIComponent(orderId)}`);
    const facts = (locale: Locale): OrderPlacedMail => ({
      organizationName: organization.name,
      orderDate: formatDate(found.order.createdAt, organization.timeZone, locale),
      lines: detail.lines.map((line) => ({
        memberName: displayName(line.member, 'participant', locale),
        activityName: line.service.blueprintName,
        start: formatDateTime(line.service.startDateTime, organization.timeZone, locale),
        unitPrice: formatMoney(line.unitPrice, locale),
        supplements: line.supplements.map((s) => ({ name: s.name, price: formatMoney(s.price, locale) })),
        total: formatMoney(line.totalAmount, locale),
      })),
      total: formatMoney(detail.totalAmount, locale),
      paid: detail.paidAmount > 0 ? formatMoney(detail.paidAmount, locale) : null,
      due: formatMoney(due, locale),
      payment:
        due === 0
          ? { kind: 'nothing-due' }
          : transfer
            ? {
                kind: 'transfer',
                beneficiary: transfer.beneficiary,
                iban: transfer.iban,
                bic: transfer.bic,
                amount: formatMoney(transfer.amount, locale),
                reference: transfer.reference,
                qr: Boolean(transfer.epcPayload),
              }
            : detail.paymentProvider === 'offline'
              ? { kind: 'offline-pending' }
              : { kind: 'online-pending' },
      invoiceAttached: Boolean(invoice),
      link,
    });
    return {
      familyId: found.order.familyId,
      recipients: await recipientsOf(organizationId, found.order.familyId),
      render: (locale, brand) => renderOrderPlacedMail(facts(locale), locale, brand),
      attachments,
    };
  }

  async function registrationCancelled(
    organizationId: string,
    event: Extract<FamilyMailEvent, { kind: 'registration-cancelled' }>,
  ): Promise<Prepared | null> {
    const organization = await repository.organization(organizationId);
    const [view] = await createParticipantsRepository(ctx.db).findViews(organizationId, [
      event.participantId,
    ]);
    if (!organization || !view) return null;
    const orderId = view.participant.orderId;
    const credit = await creditNoteAttachment(organizationId, event.creditNoteId);
    const due = orderId ? await dueOf(organizationId, orderId) : null;
    const reason = await repository.cancelReason(organizationId, event.participantId);
    const link = orderId
      ? organizationUrl(ctx.config, organization.key, `/orders/${encodeURIComponent(orderId)}`)
      : organizationUrl(ctx.config, organization.key, '/');
    const facts = (locale: Locale): CancelledMail => ({
      organizationName: organization.name,
      memberName: displayName(view.member, 'participant', locale),
      activityName: view.service.blueprintName,
      start: formatDateTime(view.service.startDateTime, organization.timeZone, locale),
      by: event.by,
      reason,
      creditNote: credit
        ? {
            number: credit.note.number,
            amount: formatMoney(credit.note.totalAmount, locale),
            refunded: credit.note.refunded,
          }
        : null,
      due: due !== null && due > 0 ? formatMoney(due, locale) : null,
      link,
      toOrder: Boolean(orderId),
    });
    return {
      familyId: view.participant.familyId,
      recipients: await recipientsOf(organizationId, view.participant.familyId),
      render: (locale, brand) => renderCancelledMail(facts(locale), locale, brand),
      attachments: credit ? [credit.attachment] : [],
    };
  }

  async function refundMade(organizationId: string, refundId: string): Promise<Prepared | null> {
    const organization = await repository.organization(organizationId);
    const refund = await repository.refund(organizationId, refundId);
    // A refund the provider refused was never made: nothing to tell.
    if (!organization || !refund || refund.status === 'failed') return null;
    const note = await repository.creditNoteOfRefund(organizationId, refundId);
    const credit = await creditNoteAttachment(organizationId, note?.id ?? null);
    const link = organizationUrl(
      ctx.config,
      organization.key,
      `/orders/${encodeURIComponent(refund.orderId)}`,
    );
    const facts = (locale: Locale): RefundMail => ({
      organizationName: organization.name,
      amount: formatMoney(refund.amount, locale),
      orderDate: formatDate(new Date(refund.orderCreatedAt), organization.timeZone, locale),
      byTransfer: refund.provider === 'offline',
      creditNoteNumber: credit?.note.number ?? null,
      link,
    });
    return {
      familyId: refund.familyId,
      recipients: await recipientsOf(organizationId, refund.familyId),
      render: (locale, brand) => renderRefundMail(facts(locale), locale, brand),
      attachments: credit ? [credit.attachment] : [],
    };
  }

  async function handle(payload: FamilyMailPayload, job: JobContext): Promise<void> {
    const organizationId = job.organizationId;
    if (!organizationId) return;
    const { event } = payload;
    const prepared =
      event.kind === 'order-placed'
        ? await orderPlaced(organizationId, event.orderId)
        : event.kind === 'registration-cancelled'
          ? await registrationCancelled(organizationId, event)
          : await refundMade(organizationId, event.refundId);
    if (!prepared) return;
    // Kept in the family's inbox too (once per event, in its first account's language).
    const first = prepared.recipients[0];
    if (first) {
      const { subject, html } = prepared.render(first.locale);
      await recordFamilyMessage(ctx.db, {
        organizationId,
        familyId: prepared.familyId,
        kind: event.kind,
        eventKey: familyMailKey(event),
        subject,
        html,
      });
    }
    const sent = new Set(payload.sent ?? []);
    const brand = await brandOf(organizationId);
    const rendered = new Map<Locale, ReturnType<Prepared['render']>>();
    for (const recipient of prepared.recipients) {
      if (sent.has(recipient.userId)) continue;
      let body = rendered.get(recipient.locale);
      if (!body) {
        body = prepared.render(recipient.locale, brand);
        rendered.set(recipient.locale, body);
      }
      const mail: OutgoingMail = { to: recipient.email, ...body, attachments: prepared.attachments };
      await ctx.mailer.deliver(mail);
      // Marked at once: a retry (another recipient failed, or this worker died) skips this account.
      await repository.markSent(job.jobId, recipient.userId);
    }
  }

  ctx.queue.register<FamilyMailPayload>(FAMILY_MAIL_QUEUE, handle, { maxAttempts: MAX_ATTEMPTS });
}
