import {
  type AccountingTotals,
  canManageAccounting,
  type CreateCreditNoteInput,
  type CreateInvoiceInput,
  type CreditNoteDetail,
  formatDate,
  formatMoney,
  INVOICE_MESSAGES,
  INVOICE_STATUSES,
  type InvoiceDetail,
  type InvoiceListQuery,
  type InvoicePage,
  type Locale,
  localDay,
  type MarkInvoicePaidInput,
} from '@inscrio/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { organizationUrl } from '../../config';
import { type Executor, rowsOf } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../lib/access';
import { renderCreditNotePdf, renderInvoicePdf, renderOrderPdf } from '../documents/pdf/billing-pdf';
import { createOrdersService } from '../orders/orders.service';
import { epcQrPayload } from '../payments/offline/epc-qr';
import { createPaymentsService } from '../payments/payments.service';
import {
  buyerSnapshot,
  type BuyerRow,
  CreditExceedsInvoiceError,
  insertCreditNote,
  insertInvoice,
  type NewDocumentLine,
  refreshInvoiceStatus,
  SELLER_COLUMNS,
  type SellerRow,
  sellerSnapshot,
} from './invoice-lifecycle';
import {
  invoiceBalance,
  toCreditNoteDetail,
  toCreditNoteSummary,
  toInvoiceDetail,
  toInvoiceSummary,
} from './invoicing.dto';
import { createAccountingTotals, readsRunningSums } from '../accounting/accounting-totals';
import { createInvoicingRepository, type InvoiceFilter, type InvoiceRow } from './invoicing.repository';

/** Rows in one CSV export: a year of a large club fits; beyond, filter by dates. */
const EXPORT_LIMIT = 50_000;

const isAccountant = (auth: AuthContext) => canManageAccounting(auth.actor, auth.establishmentId);

/** Whose invoices a caller sees: an accountant every family's, anyone else their own family's. */
function familyScope(auth: AuthContext): string | undefined {
  if (isAccountant(auth)) return undefined;
  // System staff visiting another organisation have no family there.
  if (auth.organizationId !== auth.homeOrganizationId) throw new AppError('not_found');
  return auth.familyId;
}

function requireAccountant(auth: AuthContext) {
  if (!isAccountant(auth)) throw new AppError('forbidden');
}

const invalid = (field: string, message: string) =>
  new AppError('validation_failed', [{ field, rule: 'invalid', message }]);

/** Invoices, credit notes and their PDFs, for families (their own) and accountants (all). */
export function createInvoicingService(ctx: AppContext) {
  const repository = createInvoicingRepository(ctx.db);
  const runningTotals = createAccountingTotals(ctx.db);
  const orders = createOrdersService(ctx);
  const payments = createPaymentsService(ctx);

  async function detailOf(db: Executor, organizationId: string, invoiceId: string, familyId?: string) {
    const r = createInvoicingRepository(db);
    const row = await r.findInvoice(organizationId, invoiceId, familyId);
    if (!row) throw new AppError('not_found');
    const [lines, notes] = await Promise.all([
      r.invoiceLines(organizationId, invoiceId),
      r.creditNotes(organizationId, { invoiceId }),
    ]);
    return { row, detail: toInvoiceDetail(row, lines, notes.rows) };
  }

  async function logoOf(organizationId: string, assetId: string | null) {
    if (!assetId) return null;
    const asset = await repository.asset(organizationId, assetId);
    // pdfkit draws PNG and JPEG; another format is left out rather than failing the document.
    return asset && /png|jpe?g/.test(asset.content_type) ? Buffer.from(asset.data) : null;
  }

  async function timeZoneOf(organizationId: string): Promise<string> {
    const [row] = rowsOf<{ time_zone: string }>(
      await ctx.db.execute(sql`select time_zone from organizations where id = ${organizationId}`),
    );
    return row?.time_zone ?? 'Europe/Brussels';
  }

  /** The transfer block of a document: only while something is due and an IBAN is known. */
  function transferOf(row: InvoiceRow, detail: InvoiceDetail) {
    const due = invoiceBalance(row);
    if (due <= 0 || !row.seller.iban || !detail.reference || row.status === 'cancelled') return null;
    const epcPayload = epcQrPayload({
      name: row.seller.name,
      iban: row.seller.iban,
      bic: row.seller.bic,
      amountCents: due,
      reference: row.structured_reference!,
    });
    return {
      iban: row.seller.iban,
      bic: row.seller.bic,
      reference: detail.reference,
      epcPayload,
      amount: due,
    };
  }

  function filterOf(auth: AuthContext, query: InvoiceListQuery): InvoiceFilter {
    const familyId = familyScope(auth);
    return {
      familyId: familyId ?? query.familyId,
      status: query.status,
      periodId: query.periodId,
      blueprintId: query.blueprintId,
      orderId: query.orderId,
      from: query.from,
      to: query.to,
      q: query.q,
    };
  }

  async function sellerOf(db: Executor, organizationId: string): Promise<SellerRow> {
    const [row] = rowsOf<SellerRow>(
      await db.execute(sql`select ${SELLER_COLUMNS} from organizations org where org.id = ${organizationId}`),
    );
    return row!;
  }

  /** The invoice as a PDF (the file the family downloads); `familyId` limits it to that family's. */
  async function invoicePdfOf(organizationId: string, invoiceId: string, familyId?: string) {
    const { row, detail } = await detailOf(ctx.db, organizationId, invoiceId, familyId);
    const pdf = await renderInvoicePdf(detail, {
      locale: row.locale === 'en' ? 'en' : 'fr',
      timeZone: await timeZoneOf(organizationId),
      logo: await logoOf(organizationId, row.seller.logoAssetId),
      transfer: transferOf(row, detail),
    });
    return { fileName: `facture-${row.number}.pdf`, pdf };
  }

  /** A credit note as a PDF (the e-mail telling a family of a cancellation attaches it). */
  async function creditNotePdfOf(organizationId: string, creditNoteId: string) {
    const { rows } = await repository.creditNotes(organizationId, { creditNoteId });
    if (!rows[0]) throw new AppError('not_found');
    const note = toCreditNoteDetail(rows[0], await repository.creditNoteLines(organizationId, creditNoteId));
    const { row, detail } = await detailOf(ctx.db, organizationId, note.invoiceId);
    const pdf = await renderCreditNotePdf(note, detail, {
      locale: row.locale === 'en' ? 'en' : 'fr',
      timeZone: await timeZoneOf(organizationId),
      logo: await logoOf(organizationId, row.seller.logoAssetId),
      transfer: null,
    });
    return { fileName: `note-de-credit-${note.number}.pdf`, pdf, note };
  }

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
      return (await detailOf(ctx.db, auth.organizationId, invoiceId, familyScope(auth))).detail;
    },

    async invoicePdf(auth: AuthContext, invoiceId: string) {
      return invoicePdfOf(auth.organizationId, invoiceId, familyScope(auth));
    },

    invoicePdfOf,
    creditNotePdfOf,

    /** CSV (semicolon-separated, as Belgian and French spreadsheets expect), amounts in euros. */
    async exportCsv(auth: AuthContext, query: InvoiceListQuery, locale: Locale): Promise<string> {
      requireAccountant(auth);
      const rows = await repository.exportInvoices(auth.organizationId, filterOf(auth, query), EXPORT_LIMIT);
      const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', locale === 'fr' ? ',' : '.');
      const cell = (value: string | null) => `"${(value ?? '').replace(/"/g, '""')}"`;
      const header =
        locale === 'fr'
          ? [
              'Numéro',
              'Date',
              'Échéance',
              'Client',
              'Société',
              'N° TVA client',
              'Statut',
              'Total TVAC',
              'TVA',
              'Crédité',
              'Payé',
              'Solde',
              'Référence',
            ]
          : [
              'Number',
              'Date',
              'Due date',
              'Customer',
              'Company',
              'Customer VAT no.',
              'Status',
              'Total incl. VAT',
              'VAT',
              'Credited',
              'Paid',
              'Balance',
              'Reference',
            ];
      const lines = rows.map((r) =>
        [
          cell(r.number),
          cell(r.issue_date),
          cell(r.due_date),
          cell(r.buyer.name),
          cell(r.buyer.companyName),
          cell(r.buyer.vatNumber),
          cell(INVOICE_STATUSES.label(r.status as never, locale)),
          euros(r.total_amount),
          euros(r.tax_amount),
          euros(r.credited_amount),
          euros(r.paid_amount),
          euros(invoiceBalance(r)),
          cell(r.structured_reference),
        ].join(';'),
      );
      return `\uFEFF${[header.map(cell).join(';'), ...lines].join('\r\n')}\r\n`;
    },

    /** A free invoice: to a member's family (their adult, or company) or to a company typed in. */
    async createInvoice(
      auth: AuthContext,
      input: CreateInvoiceInput,
      locale: Locale,
    ): Promise<InvoiceDetail> {
      requireAccountant(auth);
      const organizationId = auth.organizationId;
      const now = ctx.clock.now();
      const id = await ctx.db.transaction(async (tx) => {
        let familyId: string | null = null;
        let buyer;
        if (input.memberId) {
          const [member] = rowsOf<BuyerRow & { family_id: string }>(
            await tx.execute(sql`
              select m.family_id, m.first_name, m.last_name, m.address, m.city, m.postal_code, m.country,
                coalesce(m.email, u.email) as email, u.company_name, u.company_vat_number, u.company_address,
                u.company_city, u.company_postal_code, u.company_country
              from members m
              left join users u on u.organization_id = m.organization_id and u.id = m.user_id
              where m.organization_id = ${organizationId} and m.id = ${input.memberId} and m.deleted_at is null`),
          );
          if (!member) throw invalid('memberId', INVOICE_MESSAGES.buyerRequired[locale]);
          familyId = member.family_id;
          buyer = buyerSnapshot(member);
        }
        if (input.company) {
          buyer = {
            name: buyer?.name ?? input.company.name,
            companyName: input.company.name,
            vatNumber: input.company.vatNumber || null,
            address: input.company.address,
            city: input.company.city,
            postalCode: input.company.postalCode,
            country: input.company.country,
            email: buyer?.email ?? null,
          };
        }
        const invoiceId = await insertInvoice(tx, {
          organizationId,
          familyId,
          memberId: input.memberId ?? null,
          issuedAt: now,
          issueDate: input.issueDate,
          locale,
          seller: await sellerOf(tx, organizationId),
          buyer: buyer!,
          lines: input.lines,
          createdByUserId: auth.userId,
        });
        await refreshInvoiceStatus(tx, organizationId, invoiceId, now);
        return invoiceId;
      });
      return (await detailOf(ctx.db, organizationId, id)).detail;
    },

    /**
     * An offline payment received for an invoice, with its date and method: an order's invoice records it
     * on the order (which completes it); a free invoice is settled itself.
     */
    async markPaid(auth: AuthContext, invoiceId: string, input: MarkInvoicePaidInput, locale: Locale) {
      requireAccountant(auth);
      const organizationId = auth.organizationId;
      const { row } = await detailOf(ctx.db, organizationId, invoiceId);
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
      return (await detailOf(ctx.db, organizationId, invoiceId)).detail;
    },

    /** A payment reminder by e-mail to the family (or the buyer's address), noted on the invoice. */
    async remind(auth: AuthContext, invoiceId: string): Promise<InvoiceDetail> {
      requireAccountant(auth);
      await sendReminder(ctx, auth.organizationId, invoiceId);
      return (await detailOf(ctx.db, auth.organizationId, invoiceId)).detail;
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

    async creditNotePdf(auth: AuthContext, creditNoteId: string) {
      const note = await this.creditNote(auth, creditNoteId);
      return creditNotePdfOf(auth.organizationId, note.id);
    },

    /**
     * A credit note on one invoice: whole invoice lines and/or typed lines. With `refund`, what the
     * family paid (up to the note's amount) goes back through the order's payments, and the note is
     * written in the same transaction as the last refund's record.
     */
    async createCreditNote(
      auth: AuthContext,
      input: CreateCreditNoteInput,
      locale: Locale,
    ): Promise<CreditNoteDetail> {
      requireAccountant(auth);
      const organizationId = auth.organizationId;
      const { row } = await detailOf(ctx.db, organizationId, input.invoiceId);
      const invoiceLines = await repository.invoiceLines(organizationId, input.invoiceId);
      const chosen: NewDocumentLine[] = [];
      for (const lineId of input.invoiceLineIds ?? []) {
        const line = invoiceLines.find((l) => l.id === lineId);
        if (!line) throw invalid('invoiceLineIds', INVOICE_MESSAGES.creditExceedsInvoice[locale]);
        chosen.push({
          description: line.description,
          quantity: line.quantity,
          unitPrice: line.unit_price,
          taxPercentage: line.tax_percentage,
          invoiceLineId: line.id,
        });
      }
      chosen.push(...(input.lines ?? []));
      const amount = chosen.reduce((sum, l) => sum + l.quantity * l.unitPrice, 0);
      if (amount <= 0 || amount > row.total_amount - row.credited_amount) {
        throw invalid('lines', INVOICE_MESSAGES.creditExceedsInvoice[locale]);
      }
      const emit = async (tx: Executor, refundId: string | null) => {
        try {
          return await insertCreditNote(tx, {
            organizationId,
            invoiceId: input.invoiceId,
            reason: input.reason,
            issuedAt: ctx.clock.now(),
            lines: chosen,
            refundId,
            createdByUserId: auth.userId,
            impersonatorUserId: auth.impersonatorUserId,
          });
        } catch (error) {
          if (error instanceof CreditExceedsInvoiceError) {
            throw invalid('lines', INVOICE_MESSAGES.creditExceedsInvoice[locale]);
          }
          throw error;
        }
      };
      const toRefund = input.refund && row.order_id ? Math.min(amount, row.paid_amount) : 0;
      let noteId: string;
      if (toRefund > 0) {
        noteId = await refundOrder(
          ctx,
          payments,
          organizationId,
          row.order_id!,
          toRefund,
          input.reason,
          emit,
        );
      } else {
        noteId = (await ctx.db.transaction((tx) => emit(tx, null))).id;
      }
      return this.creditNote(auth, noteId);
    },

    /** The order as a PDF (bon de commande), for the family and managers who see the order. */
    async orderPdf(auth: AuthContext, orderId: string) {
      const order = await orders.detail(auth, orderId);
      const organizationId = auth.organizationId;
      const seller = sellerSnapshot(await sellerOf(ctx.db, organizationId));
      const [meta] = rowsOf<{ locale: string; structured_reference: string | null }>(
        await ctx.db.execute(sql`select locale, structured_reference from orders
          where organization_id = ${organizationId} and id = ${orderId}`),
      );
      const transfer = order.transfer
        ? {
            iban: order.transfer.iban,
            bic: order.transfer.bic,
            reference: order.transfer.reference,
            epcPayload: order.transfer.epcPayload,
            amount: order.transfer.amount,
          }
        : null;
      const timeZone = await timeZoneOf(organizationId);
      const pdf = await renderOrderPdf(order, {
        locale: meta?.locale === 'en' ? 'en' : 'fr',
        timeZone,
        logo: await logoOf(organizationId, seller.logoAssetId),
        transfer,
        seller: {
          name: seller.name,
          companyName: null,
          vatNumber: seller.vatNumber,
          address: seller.address,
          city: seller.city,
          postalCode: seller.postalCode,
          country: seller.country,
          email: seller.email,
          phone: seller.phone,
          iban: seller.iban,
          bic: seller.bic,
          vatRegime: seller.vatRegime === 'exempt' ? 'exempt' : 'subject',
          vatExemptionMention: seller.vatExemptionMention,
        },
      });
      // The file is named as the family knows the order: its date (and its invoice's number).
      const day = localDay(new Date(order.createdAt), timeZone);
      const name = order.invoiceNumber ? `commande-${day}-${order.invoiceNumber}` : `commande-${day}`;
      return { fileName: `${name}.pdf`, pdf };
    },
  };
}

type Emit = (tx: Executor, refundId: string | null) => Promise<{ id: string }>;

/**
 * Sends `amount` back through the order's received payments, latest first (most are a single one); the
 * credit note is written in the transaction that records the last refund.
 */
async function refundOrder(
  ctx: AppContext,
  payments: ReturnType<typeof createPaymentsService>,
  organizationId: string,
  orderId: string,
  amount: number,
  reason: string,
  emit: Emit,
): Promise<string> {
  const received = rowsOf<{ id: string; refundable: number }>(
    await ctx.db.execute(sql`select id, amount - refunded_amount as refundable from payments
      where organization_id = ${organizationId} and order_id = ${orderId} and status = 'paid'
        and amount > refunded_amount
      order by created_at desc`),
  );
  let left = amount;
  let noteId: string | undefined;
  for (const payment of received) {
    if (left <= 0) break;
    const part = Math.min(left, payment.refundable);
    left -= part;
    const last = left === 0 || payment === received.at(-1);
    await payments.refund(
      organizationId,
      payment.id,
      part,
      reason,
      last
        ? async (tx, refundId) => {
            noteId = (await emit(tx, refundId)).id;
          }
        : undefined,
    );
  }
  if (!noteId) noteId = (await ctx.db.transaction((tx) => emit(tx, null))).id;
  return noteId;
}

/**
 * Money received for a free invoice (no order): at most what is still due, under the invoice's row lock;
 * the invoice is paid once covered. Audited as `payment-received`.
 */
export async function recordFreeInvoicePayment(
  ctx: AppContext,
  tx: Executor,
  auth: Pick<AuthContext, 'organizationId' | 'userId' | 'impersonatorUserId'>,
  invoiceId: string,
  payment: { amount: number; method: string; paidOn?: string },
): Promise<void> {
  const organizationId = auth.organizationId;
  const [locked] = rowsOf<{
    paid_amount: number;
    total_amount: number;
    credited_amount: number;
    status: string;
  }>(
    await tx.execute(sql`select paid_amount, total_amount, credited_amount, status from invoices
      where organization_id = ${organizationId} and id = ${invoiceId} for update`),
  );
  if (!locked) throw new AppError('not_found');
  if (locked.status === 'cancelled') throw new AppError('invoice_cancelled');
  const stillDue = locked.total_amount - locked.credited_amount - locked.paid_amount;
  if (stillDue <= 0) throw new AppError('invoice_already_paid');
  if (payment.amount > stillDue) throw new AppError('payment_amount_mismatch');
  await tx.execute(sql`update invoices set paid_amount = paid_amount + ${payment.amount}
    where organization_id = ${organizationId} and id = ${invoiceId}`);
  await refreshInvoiceStatus(tx, organizationId, invoiceId, ctx.clock.now());
  await ctx.audit.record(
    {
      organizationId,
      type: 'payment-received',
      actorUserId: auth.userId,
      impersonatorUserId: auth.impersonatorUserId,
      subjectType: 'invoice',
      subjectId: invoiceId,
      data: { amount: payment.amount, method: payment.method, paidOn: payment.paidOn ?? null },
    },
    tx,
  );
}

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
    const recipients = row.family_id
      ? rowsOf<{ email: string; locale: string }>(
          await tx.execute(sql`select email, locale from users
            where organization_id = ${organizationId} and family_id = ${row.family_id} and deleted_at is null
            order by created_at limit 5`),
        )
      : row.buyer.email
        ? [{ email: row.buyer.email, locale: row.locale }]
        : [];
    const [org] = rowsOf<{ key: string; time_zone: string }>(
      await tx.execute(sql`select key, time_zone from organizations where id = ${organizationId}`),
    );
    for (const recipient of recipients) {
      const locale: Locale = recipient.locale === 'en' ? 'en' : 'fr';
      await ctx.mailer.send(
        { to: recipient.email, locale, organizationId, executor: tx },
        'invoice-reminder',
        {
          organizationName: row.seller.name,
          number: row.number,
          amount: formatMoney(due, locale),
          dueDate: formatDate(`${row.due_date}T12:00:00Z`, org!.time_zone, locale),
          reference: toInvoiceDetail(row, [], []).reference,
          iban: row.seller.iban,
          link: organizationUrl(
            ctx.config,
            org!.key,
            row.order_id ? `/orders/${encodeURIComponent(row.order_id)}` : '/',
          ),
        },
      );
    }
    await tx.execute(sql`update invoices set reminded_at = ${now}::timestamptz
      where organization_id = ${organizationId} and id = ${invoiceId}`);
    return recipients.length > 0;
  });
}

export type InvoicingService = ReturnType<typeof createInvoicingService>;
