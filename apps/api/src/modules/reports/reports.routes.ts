import { isAtLeastEstManager, reportRequestSchema, storedDocumentSchema } from '@inscrio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../lib/access';
import { localizedSchema } from '../../lib/validation';
import { createReportsService } from './reports.service';

const tags = ['Reports'];

/** `POST /reports`: a report asked by a manager, made by a background job, kept as a document. */
export function reportsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const reports = createReportsService(ctx);

    r.post(
      '/reports',
      {
        config: { allow: isAtLeastEstManager },
        schema: {
          tags,
          summary:
            'Asks for a report (orders, planning, members list) as CSV or PDF; follow it at GET /documents/{id}',
          body: localizedSchema(reportRequestSchema),
          response: { 202: storedDocumentSchema },
        },
      },
      async (request, reply) => {
        const document = await reports.request(requireAuth(request), request.body, request.locale);
        return reply.status(202).send(document);
      },
    );
  };
}
