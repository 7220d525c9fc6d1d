import {
  auditEventExportQuerySchema,
  auditEventListQuerySchema,
  auditEventPageSchema,
  isAtLeastEstManager,
} from '@inscrio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../lib/access';
import { sendDownload } from '../../lib/download';
import { localizedSchema } from '../../lib/validation';
import { createAuditTrailService } from './audit-trail.service';

const tags = ['Audit'];
/** Managers: establishment managers see their establishment's events (the service narrows them). */
const config = { allow: isAtLeastEstManager };

/** The audit trail, read only: no route changes or deletes an event. */
export function auditTrailRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const trail = createAuditTrailService(ctx);

    r.get(
      '/audit-events',
      {
        config,
        schema: {
          tags,
          description:
            'The audit trail, newest first: filtered by event, actor, subject (member, participant, order, invoice: the events about it) and days (inclusive, in the organisation time zone); paginated.',
          querystring: localizedSchema(auditEventListQuerySchema),
          response: { 200: auditEventPageSchema },
        },
      },
      (request) => trail.list(requireAuth(request), request.query, request.locale),
    );

    r.get(
      '/audit-events/export.csv',
      {
        config,
        schema: {
          tags,
          description:
            'The trail with the same filters as CSV for Excel (UTF-8 with BOM, ";" separator, French headers), at most 10,000 rows; `x-export-truncated: true` when cut.',
          querystring: localizedSchema(auditEventExportQuerySchema),
        },
      },
      async (request, reply) => {
        const csv = await trail.exportCsv(requireAuth(request), request.query);
        if (csv.truncated) reply.header('x-export-truncated', 'true');
        return sendDownload(reply, 'text/csv; charset=utf-8', csv.filename, csv.body);
      },
    );
  };
}
