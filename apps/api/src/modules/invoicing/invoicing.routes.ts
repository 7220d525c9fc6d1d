import {
  type Actor,
  createCreditNoteSchema,
  createInvoiceSchema,
  creditNoteDetailSchema,
  creditNotePageSchema,
  entityIdField,
  invoiceDetailSchema,
  invoiceListQuerySchema,
  invoicePageSchema,
  isAtLeastEstManager,
  type Locale,
  markInvoicePaidSchema,
} from '@inscrio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { localizedSchema } from '../../lib/validation';
import { requireAuth } from '../../lib/access';
import { sendDownload } from '../../lib/download';
import { createInvoicingService } from './invoicing.service';

const tags = ['Invoices'];
/** Families read their own documents; the service scopes each call and checks the accounting right. */
const anySignedIn = { allow: (_actor: Actor) => true };
/** Accounting actions: the service refines with `canManageAccounting` (establishment of the manager). */
const managers = { allow: isAtLeastEstManager };
const idParams = localizedSchema((locale: Locale) => z.object({ id: entityIdField(locale) }));
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

const dueFigure = z.object({
  count: z.number().int(),
  /** Cents still due: total − credited − paid. */
  amount: z.number().int(),
});
const outstandingSchema = z.object({ unpaid: dueFigure, overdue: dueFigure });

/** Invoices (`/invoices`), credit notes (`/credit-notes`) and the order PDF. */
export function invoicingRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const invoicing = createInvoicingService(ctx);

    r.get(
      '/invoices',
      {
        config: anySignedIn,
        schema: {
          tags,
          summary: 'The family’s invoices; for accountants every invoice, filtered, with totals and ageing',
          querystring: localizedSchema(invoiceListQuerySchema),
          response: { 200: invoicePageSchema },
        },
      },
      (request) => invoicing.list(requireAuth(request), request.query),
    );

    r.get(
      '/invoices/outstanding',
      {
        config: managers,
        schema: {
          tags,
          summary:
            'What is still due on the invoices awaiting payment and on the overdue ones (count, cents)',
          response: { 200: outstandingSchema },
        },
      },
      (request) => invoicing.outstanding(requireAuth(request)),
    );

    r.get(
      '/invoices/export.csv',
      {
        config: managers,
        schema: {
          tags,
          summary: 'The filtered invoices as CSV (semicolon-separated, UTF-8 with BOM)',
          querystring: localizedSchema(invoiceListQuerySchema),
        },
      },
      async (request, reply) => {
        const csv = await invoicing.exportCsv(requireAuth(request), request.query, request.locale);
        return sendDownload(reply, 'text/csv; charset=utf-8', 'factures.csv', csv);
      },
    );

    r.get(
      '/invoices/:id/ubl',
      {
        config: anySignedIn,
        schema: {
          tags,
          summary:
            'The invoice as Peppol BIS Billing 3.0 (UBL XML), for a business customer with a VAT number',
          params: idParams,
        },
      },
      async (request, reply) => {
        const { fileName, xml } = await invoicing.invoiceUbl(requireAuth(request), request.params.id);
        return sendDownload(reply, 'application/xml', fileName, xml);
      },
    );

    r.post(
      '/invoices',
      {
        config: managers,
        schema: {
          tags,
          summary: 'A free invoice, to a member’s family or to a company',
          body: localizedSchema(createInvoiceSchema),
          response: { 201: invoiceDetailSchema },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return invoicing.createInvoice(requireAuth(request), request.body, request.locale);
      },
    );

    r.get(
      '/invoices/:id',
      {
        config: anySignedIn,
        schema: {
          tags,
          summary: 'One invoice with its lines and credit notes',
          params: idParams,
          response: { 200: invoiceDetailSchema },
        },
      },
      (request) => invoicing.detail(requireAuth(request), request.params.id),
    );

    r.get(
      '/invoices/:id/pdf',
      {
        config: anySignedIn,
        schema: { tags, summary: 'The invoice as PDF, in the customer’s language', params: idParams },
      },
      async (request, reply) => {
        const { fileName, pdf } = await invoicing.invoicePdf(requireAuth(request), request.params.id);
        return sendDownload(reply, 'application/pdf', fileName, pdf);
      },
    );

    r.post(
      '/invoices/:id/mark-paid',
      {
        config: managers,
        schema: {
          tags,
          summary: 'Record the offline payment of what is due, with its date and method',
          params: idParams,
          body: localizedSchema(markInvoicePaidSchema),
          response: { 200: invoiceDetailSchema },
        },
      },
      (request) => invoicing.markPaid(requireAuth(request), request.params.id, request.body, request.locale),
    );

    r.post(
      '/invoices/:id/remind',
      {
        config: managers,
        schema: {
          tags,
          summary: 'E-mail a payment reminder to the family',
          params: idParams,
          response: { 200: invoiceDetailSchema },
        },
      },
      (request) => invoicing.remind(requireAuth(request), request.params.id),
    );

    r.get(
      '/credit-notes',
      {
        config: managers,
        schema: {
          tags,
          summary: 'Credit notes, latest first',
          querystring: pageQuery,
          response: { 200: creditNotePageSchema },
        },
      },
      (request) =>
        invoicing.listCreditNotes(requireAuth(request), request.query.page, request.query.pageSize),
    );

    r.post(
      '/credit-notes',
      {
        config: managers,
        schema: {
          tags,
          summary: 'A credit note on one invoice (chosen lines or typed amounts), optionally refunded',
          body: localizedSchema(createCreditNoteSchema),
          response: { 201: creditNoteDetailSchema },
        },
      },
      async (request, reply) => {
        const note = await invoicing.createCreditNote(requireAuth(request), request.body, request.locale);
        reply.code(201);
        return note;
      },
    );

    r.get(
      '/credit-notes/:id',
      {
        config: anySignedIn,
        schema: {
          tags,
          summary: 'One credit note',
          params: idParams,
          response: { 200: creditNoteDetailSchema },
        },
      },
      (request) => invoicing.creditNote(requireAuth(request), request.params.id),
    );

    r.get(
      '/credit-notes/:id/pdf',
      { config: anySignedIn, schema: { tags, summary: 'The credit note as PDF', params: idParams } },
      async (request, reply) => {
        const { fileName, pdf } = await invoicing.creditNotePdf(requireAuth(request), request.params.id);
        return sendDownload(reply, 'application/pdf', fileName, pdf);
      },
    );

    r.get(
      '/credit-notes/:id/ubl',
      {
        config: anySignedIn,
        schema: {
          tags,
          summary:
            'A credit note as Peppol BIS Billing 3.0 (UBL XML), for a business customer with a VAT number',
          params: idParams,
        },
      },
      async (request, reply) => {
        const { fileName, xml } = await invoicing.creditNoteUbl(requireAuth(request), request.params.id);
        return sendDownload(reply, 'application/xml', fileName, xml);
      },
    );

    r.get(
      '/orders/:id/pdf',
      {
        config: anySignedIn,
        schema: { tags: ['Orders'], summary: 'The order as PDF (bon de commande)', params: idParams },
      },
      async (request, reply) => {
        const { fileName, pdf } = await invoicing.orderPdf(requireAuth(request), request.params.id);
        return sendDownload(reply, 'application/pdf', fileName, pdf);
      },
    );
  };
}
