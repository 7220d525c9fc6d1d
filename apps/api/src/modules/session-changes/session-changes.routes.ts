import {
  canManageServices,
  entityIdField,
  isAtLeastEstManager,
  type Locale,
  postponeServiceSchema,
  prestationAbsenceSchema,
} from '@inscrio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { requireAuth } from '../../lib/access';
import { localizedSchema } from '../../lib/validation';
import { prestationSchema, serviceDetailSchema } from '../services/services.dto';
import { createSessionChangesService } from './session-changes.service';

const idParams = localizedSchema((locale: Locale) => z.object({ id: entityIdField(locale) }));

/**
 * A session postponed or cancelled by the organisation, a holder's absence: the change and what it does
 * for the families and managers (e-mails, credit notes, refunds).
 */
export function sessionChangesRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const service = createSessionChangesService(ctx);
    const meta = (request: { ip: string; id: string; locale: Locale }) => ({
      ip: request.ip,
      requestId: request.id,
      locale: request.locale,
    });

    r.post(
      '/services/:id/postpone',
      {
        config: { allow: isAtLeastEstManager },
        schema: {
          tags: ['Sessions'],
          summary: "Postpones a session; each confirmed participant's family is told the new date",
          params: idParams,
          body: localizedSchema(postponeServiceSchema),
          response: { 200: serviceDetailSchema },
        },
      },
      (request) => service.postpone(requireAuth(request), request.params.id, request.body, request.locale),
    );

    r.post(
      '/services/:id/cancel',
      {
        config: { allow: isAtLeastEstManager },
        schema: {
          tags: ['Sessions'],
          summary:
            "Cancels a session: each confirmed participant's family is compensated and told; once only",
          params: idParams,
          response: { 200: serviceDetailSchema },
        },
      },
      (request) => service.cancel(requireAuth(request), request.params.id, meta(request)),
    );

    r.patch(
      '/prestations/:id/absence',
      {
        config: { allow: canManageServices },
        schema: {
          tags: ['Holders'],
          summary: "A holder's absence (the managers are told once), or presence again",
          params: idParams,
          body: localizedSchema(prestationAbsenceSchema),
          response: { 200: prestationSchema },
        },
      },
      (request) => service.setAbsence(requireAuth(request), request.params.id, request.body, meta(request)),
    );
  };
}
