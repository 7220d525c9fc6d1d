import {
  type AccountingTotals,
  type CreateCreditNoteInput,
  type CreateInvoiceInput,
  type CreditNoteDetail,
  INVOICE_STATUSES,
  type InvoiceDetail,
  type InvoiceListQuery,
  type InvoicePage,
  type Locale,
  type MarkInvoicePaidInput,
} from '@inscrio/shared';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../lib/access';
import { createOrdersService } from '../orders/orders.service';
import { createCreditNote } from './credit-notes';
import { createFreeInvoice, recordFreeInvoicePayment } from './free-invoices';
import { exportInvoicesCsv } from './invoice-export';
import { createInvoicePdfs } from './invoice-pdfs';
import { invoiceBalance, toCreditNoteDetail, toCreditNoteSummary, toInvoiceSummary } from './invoicing.dto';
import { createInvoicingRepository } from './invoicing.repository';
import { creditNoteUbl, invoiceUbl } from './peppol-ubl';
import { familyScope, filterOf, invoiceDetailOf, isAccountant, requireAccountant } from './invoicing-scope';
import { sendReminder } from './reminders';
import { createAccountingTotals, readsRunningSums } from './invoice-totals.repository';

/*
 * The use cases that write live in their own files (free-invoices.ts, credit-notes.ts, reminders.ts,
 * invoice-pdfs.ts, invoice-export.ts).
 */

/** Invoices, credit notes and their PDFs, for families (their own) and accountants (all). */
export function createInvoicingService(ctx: AppContext) {
  const repository = createInvoicingRepository(ctx.db);
  const runningTotals = createAccountingTotals(ctx.db);
  const orders = createOrdersService(ctx);
  const pdfs = createInvoicePdfs(ctx);

  return {
    /** Unpaid and overdue amounts still due, for accountants (the manager's dashboard). */
    async outstanding(auth: AuthContext) {
      requireAccountant(auth);
      const rows = await repository.outstanding(auth.organizationId);
      const of = (status: 'pending' | 'overdue') => {
        const row = rows.find((r) => r.status === status);
        return { count: row?.count ?? 0, amount: Number(row?.amount ?? 0) };
      };
      return { unpaid: of('pending'), overdue: of('overdue') };
    },

    async list(auth: AuthContext, query: InvoiceListQuery): Promise<InvoicePage> {
      const organizationId = auth.organizationId;
      const filter = filterOf(auth, query);
      const { rows, total, capped, nextCursor } = await repository.listInvoices(
        organizationId,
        filter,
        query.after !== undefined
          ? { limit: query.pageSize, after: query.after }
          : { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
      );
      let totals: AccountingTotals | null = null;
      // A walk by cursor gets them with its first page only: they cover the whole filter, not a page.
      if (isAccountant(auth) && !query.after) {
        const today = await repository.today(organizationId, ctx.clock.now());
        const figures = await (readsRunningSums(filter) ? runningTotals : repository).totals(
          organizationId,
          filter,
          today,
        );
        totals = {
          byStatus: INVOICE_STATUSES.values.map((status) => {
            const found = figures.byStatus.find((s) => s.status === status);
            return { status, count: found?.count ?? 0, amount: found?.amount ?? 0 };
          }),
          ageing: (['1-30', '31-60', '61-90', '90+'] as const).map((bucket) => ({
            bucket,
            amount: figures.ageing.find((a) => a.bucket === bucket)?.amount ?? 0,
          })),
          creditedAmount: figures.byStatus.reduce((sum, s) => sum + s.credited, 0),
        };
      }
      return {
        items: rows.map(toInvoiceSummary),
        total,
        page: query.page,
        pageSize: query.pageSize,
        totals,
        nextCursor,
        totalCapped: capped,
      };
    },

    async detail(auth: AuthContext, invoiceId: string): Promise<InvoiceDetail> {
      return (await invoiceDetailOf(ctx.db, auth.organizationId, invoiceId, familyScope(auth))).detail;
    },

    async invoicePdf(auth: AuthContext, invoiceId: string) {
      return pdfs.invoicePdfOf(auth.organizationId, invoiceId, familyScope(auth));
    },

    invoicePdfOf: pdfs.invoicePdfOf,
    creditNotePdfOf: pdfs.creditNotePdfOf,

    exportCsv: (auth: AuthContext, query: InvoiceListQuery, locale: Locale): Promise<string> =>
      exportInvoicesCsv(ctx, auth, query, locale),

    async createInvoice(
      auth: AuthContext,
      input: CreateInvoiceInput,
      locale: Locale,
    ): Promise<InvoiceDetail> {
      const id = await createFreeInvoice(ctx, auth, input, locale);
      return (await invoiceDetailOf(ctx.db, auth.organizationId, id)).detail;
    },

    /**
     * An offline payment received for an invoice, with its date and method: an order's invoice records it
     * on the order (which completes it); a free invoice is settled itself.
     */
    async markPaid(auth: AuthContext, invoiceId: string, input: MarkInvoicePaidInput, locale: Locale) {
      requireAccountant(auth);
      const organizationId = auth.organizationId;
      const { row } = await invoiceDetailOf(ctx.db, organizationId, invoiceId);
      if (row.status === 'cancelled') throw new AppError('invoice_cancelled');
      const due = invoiceBalance(row);
      if (due === 0) throw new AppError('invoice_already_paid');
      if (row.order_id) {
        await orders.recordOfflinePayment(
          auth,
          row.order_id,
          { receivedOn: input.paidOn, method: input.method, amount: due },
          locale,
        );
      } else {
        await ctx.db.transaction((tx) =>
          recordFreeInvoicePayment(ctx, tx, auth, invoiceId, {
            amount: due,
            method: input.method,
            paidOn: input.paidOn,
          }),
        );
      }
      return (await invoiceDetailOf(ctx.db, organizationId, invoiceId)).detail;
    },

    /** A payment reminder by e-mail to the family (or the buyer's address), noted on the invoice. */
    async remind(auth: AuthContext, invoiceId: string): Promise<InvoiceDetail> {
      requireAccountant(auth);
      await sendReminder(ctx, auth.organizationId, invoiceId);
      return (await invoiceDetailOf(ctx.db, auth.organizationId, invoiceId)).detail;
    },

    async listCreditNotes(auth: AuthContext, page: number, pageSize: number) {
      requireAccountant(auth);
      const { rows, total } = await repository.creditNotes(
        auth.organizationId,
        {},
        pageSize,
        (page - 1) * pageSize,
      );
      return { items: rows.map(toCreditNoteSummary), total, page, pageSize };
    },

    async creditNote(auth: AuthContext, creditNoteId: string): Promise<CreditNoteDetail> {
      const { rows } = await repository.creditNotes(auth.organizationId, {
        creditNoteId,
        familyId: familyScope(auth),
      });
      if (!rows[0]) throw new AppError('not_found');
      return toCreditNoteDetail(rows[0], await repository.creditNoteLines(auth.organizationId, creditNoteId));
    },

    /** The invoice as Peppol BIS Billing 3.0 UBL, for a business customer with a VAT number. */
    async invoiceUbl(auth: AuthContext, invoiceId: string) {
      const { row, detail } = await invoiceDetailOf(
        ctx.db,
        auth.organizationId,
        invoiceId,
        familyScope(auth),
      );
      return { fileName: `facture-${row.number}.xml`, xml: invoiceUbl(detail) };
    },

    /** A credit note as Peppol BIS Billing 3.0 UBL, referring to its invoice. */
    async creditNoteUbl(auth: AuthContext, creditNoteId: string) {
      const note = await this.creditNote(auth, creditNoteId);
      const { detail } = await invoiceDetailOf(ctx.db, auth.organizationId, note.invoiceId);
      return { fileName: `note-de-credit-${note.number}.xml`, xml: creditNoteUbl(note, detail) };
    },

    async creditNotePdf(auth: AuthContext, creditNoteId: string) {
      const note = await this.creditNote(auth, creditNoteId);
      return pdfs.creditNotePdfOf(auth.organizationId, note.id);
    },

    async createCreditNote(
      auth: AuthContext,
      input: CreateCreditNoteInput,
      locale: Locale,
    ): Promise<CreditNoteDetail> {
      return this.creditNote(auth, await createCreditNote(ctx, auth, input, locale));
    },

    /** The order as a PDF (bon de commande), for the family and managers who see the order. */
    async orderPdf(auth: AuthContext, orderId: string) {
      return pdfs.orderPdf(auth.organizationId, await orders.detail(auth, orderId));
    },
  };
}

export type InvoicingService = ReturnType<typeof createInvoicingService>;
