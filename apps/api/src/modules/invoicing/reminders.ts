import { formatDate, formatMoney, type Locale } from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { organizationUrl } from '../../config';
import { AppError } from '../../lib/app-error';
import { recordFamilyMessage } from '../inbox/inbox';
import { renderMail } from '../mail/mail-templates';
import { createOrderPaymentsRepository } from '../orders/order-payments.repository';
import { invoiceBalance, toInvoiceDetail } from './invoicing.dto';
import { createInvoicingFactsRepository } from './invoicing-facts.repository';
import { createInvoicingRepository } from './invoicing.repository';

/** The reminder e-mail of an unpaid invoice (managers, and the overdue job once per invoice). */
export async function sendReminder(
  ctx: AppContext,
  organizationId: string,
  invoiceId: string,
): Promise<boolean> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const r = createInvoicingRepository(tx);
    const row = await r.findInvoice(organizationId, invoiceId);
    if (!row) throw new AppError('not_found');
    const due = invoiceBalance(row);
    if (due === 0 || row.status === 'cancelled' || row.status === 'paid') {
      throw new AppError('invoice_already_paid');
    }
    const facts = createInvoicingFactsRepository(tx);
    const recipients = row.family_id
      ? await createOrderPaymentsRepository(tx).familyRecipients(organizationId, row.family_id)
      : row.buyer.email
        ? [{ email: row.buyer.email, locale: row.locale }]
        : [];
    const org = await facts.organizationKey(organizationId);
    const params = (locale: Locale) => ({
      organizationName: row.seller.name,
      number: row.number,
      amount: formatMoney(due, locale),
      dueDate: formatDate(`${row.due_date}T12:00:00Z`, org!.timeZone, locale),
      reference: toInvoiceDetail(row, [], []).reference,
      iban: row.seller.iban,
      link: organizationUrl(
        ctx.config,
        org!.key,
        row.order_id ? `/orders/${encodeURIComponent(row.order_id)}` : '/',
      ),
    });
    // No one-click stop: the reminder of an amount owed belongs to the order (a transactional message,
    // like the invoice itself); a family that switched it off would hear of the debt only when the club chases it by other means.
    for (const recipient of recipients) {
      const locale: Locale = recipient.locale === 'en' ? 'en' : 'fr';
      await ctx.mailer.send(
        { to: recipient.email, locale, organizationId, executor: tx },
        'invoice-reminder',
        params(locale),
      );
    }
    const first = recipients[0];
    if (row.family_id && first) {
      const locale: Locale = first.locale === 'en' ? 'en' : 'fr';
      const { subject, html } = renderMail('invoice-reminder', params(locale), locale);
      await recordFamilyMessage(tx, {
        organizationId,
        familyId: row.family_id,
        kind: 'invoice-reminder',
        eventKey: `invoice-reminder:${invoiceId}:${now.toISOString()}`,
        subject,
        html,
      });
    }
    await facts.markReminded(organizationId, invoiceId, now);
    return recipients.length > 0;
  });
}
