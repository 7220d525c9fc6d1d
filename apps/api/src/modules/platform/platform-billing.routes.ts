import {
  type Actor,
  entityIdField,
  isSystemAdmin,
  type Locale,
  platformInvoiceListSchema,
  statementDetailSchema,
  statementListQuerySchema,
  statementPageSchema,
} from '@inscrio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../lib/access';
import { localizedSchema } from '../../lib/validation';
import { sendDownload } from '../../lib/download';
import { createPlatformBillingService } from './platform-billing.service';

const tags = ['Platform billing'];
const systemAdmins = { allow: isSystemAdmin };
/** Club administrators and platform staff; the service narrows a club's invoices to its own administrator. */
const adminsAndStaff = {
  allow: (actor: Actor) => actor.role === 'admin' || actor.role === 'support' || isSystemAdmin(actor),
};
const idParams = localizedSchema((locale: Locale) => z.object({ id: entityIdField(locale) }));
const invoiceParams = localizedSchema((locale: Locale) =>
  z.object({ id: entityIdField(locale), invoiceId: entityIdField(locale) }),
);

/** The platform's monthly statements (system administrator) and a club's own platform invoices. */
export function platformBillingRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const billing = createPlatformBillingService(ctx);

    r.get(
      '/platform/statements',
      {
        config: systemAdmins,
        schema: {
          tags,
          summary: 'The monthly statements of every club, filtered, paged, with totals per month',
          querystring: localizedSchema(statementListQuerySchema),
          response: { 200: statementPageSchema },
        },
      },
      (request) => billing.list(requireAuth(request), request.query),
    );

    r.get(
      '/platform/statements/export.csv',
      {
        config: systemAdmins,
        schema: {
          tags,
          summary: 'The statements of the filters as CSV (semicolons, amounts in euros)',
          querystring: localizedSchema(statementListQuerySchema),
        },
      },
      async (request, reply) => {
        const csv = await billing.exportCsv(requireAuth(request), request.query, request.locale);
        return sendDownload(reply, 'text/csv; charset=utf-8', 'facturation.csv', csv);
      },
    );

    r.get(
      '/platform/statements/:id',
      {
        config: systemAdmins,
        schema: {
          tags,
          summary: 'A statement: its invoice with its lines, and the path of its PDF',
          params: idParams,
          response: { 200: statementDetailSchema },
        },
      },
      (request) => billing.detail(requireAuth(request), request.params.id),
    );

    r.get(
      '/organizations/:id/platform-invoices',
      {
        config: adminsAndStaff,
        schema: {
          tags,
          summary: 'The club’s platform invoices (its monthly statements), latest first',
          params: idParams,
          response: { 200: platformInvoiceListSchema },
        },
      },
      (request) => billing.clubInvoices(requireAuth(request), request.params.id),
    );

    r.get(
      '/organizations/:id/platform-invoices/:invoiceId/pdf',
      {
        config: adminsAndStaff,
        schema: { tags, summary: 'A platform invoice of the club as a PDF', params: invoiceParams },
      },
      async (request, reply) => {
        const { fileName, pdf } = await billing.clubInvoicePdf(
          requireAuth(request),
          request.params.id,
          request.params.invoiceId,
        );
        return sendDownload(reply, 'application/pdf', fileName, pdf);
      },
    );
  };
}
