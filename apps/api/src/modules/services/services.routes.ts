import {
  canManageServices,
  createPrestationSchema,
  createServiceSchema,
  entityIdField,
  holderListQuerySchema,
  isAtLeastEstManager,
  type Locale,
  serviceListQuerySchema,
  updateServiceSchema,
} from '@inscrio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { localizedSchema } from '../../lib/validation';
import { requireAuth } from '../../lib/access';
import {
  comingParticipantListSchema,
  createdServicesSchema,
  holderListSchema,
  prestationSchema,
  serviceDetailSchema,
  serviceListSchema,
} from './services.dto';
import { createServicesService } from './services.service';

const sessionTags = ['Sessions'];
const holderTags = ['Holders'];
const noContent = { 204: z.null().describe('No content') };
const managers = { allow: isAtLeastEstManager };
const servicesStaff = { allow: canManageServices };

const idParams = localizedSchema((locale: Locale) => z.object({ id: entityIdField(locale) }));
const prestationParams = localizedSchema((locale: Locale) =>
  z.object({ id: entityIdField(locale), prestationId: entityIdField(locale) }),
);

/**
 * Sessions (`/services`), holders' assignments (`/prestations`) and the holder picker (`/holders`).
 * Managers write (an establishment manager within their establishment); holders read their own sessions.
 * Postponing, cancelling and a holder's absence are the session-changes module's routes.
 */
export function servicesRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const service = createServicesService(ctx);

    r.post(
      '/services',
      {
        config: managers,
        schema: {
          tags: sessionTags,
          summary: 'Create a session or a weekly series (preview: only compute the start instants)',
          body: localizedSchema(createServiceSchema),
          response: { 200: createdServicesSchema, 201: createdServicesSchema },
        },
      },
      async (request, reply) => {
        const result = await service.create(requireAuth(request), request.body, request.locale);
        return reply.status(result.preview ? 200 : 201).send(result);
      },
    );

    r.get(
      '/services',
      {
        config: servicesStaff,
        schema: {
          tags: sessionTags,
          querystring: localizedSchema(serviceListQuerySchema),
          response: { 200: serviceListSchema },
        },
      },
      (request) => service.list(requireAuth(request), request.query, request.locale),
    );

    r.get(
      '/services/:id',
      {
        config: servicesStaff,
        schema: { tags: sessionTags, params: idParams, response: { 200: serviceDetailSchema } },
      },
      (request) => service.get(requireAuth(request), request.params.id, request.locale),
    );

    r.get(
      '/services/:id/participants',
      {
        config: servicesStaff,
        schema: {
          tags: sessionTags,
          summary: 'Who comes to a session: its confirmed participants, their age and a family phone',
          params: idParams,
          response: { 200: comingParticipantListSchema },
        },
      },
      (request) => service.participants(requireAuth(request), request.params.id, request.locale),
    );

    r.patch(
      '/services/:id',
      {
        config: managers,
        schema: {
          tags: sessionTags,
          params: idParams,
          body: localizedSchema(updateServiceSchema),
          response: { 200: serviceDetailSchema },
        },
      },
      (request) => service.update(requireAuth(request), request.params.id, request.body, request.locale),
    );

    r.post(
      '/services/:id/prestations',
      {
        config: managers,
        schema: {
          tags: holderTags,
          params: idParams,
          body: localizedSchema(createPrestationSchema),
          response: { 201: prestationSchema },
        },
      },
      async (request, reply) => {
        const prestation = await service.assignHolder(
          requireAuth(request),
          request.params.id,
          request.body.holderUserId,
          request.locale,
        );
        return reply.status(201).send(prestation);
      },
    );

    r.delete(
      '/services/:id/prestations/:prestationId',
      { config: managers, schema: { tags: holderTags, params: prestationParams, response: noContent } },
      async (request, reply) => {
        await service.removeHolder(requireAuth(request), request.params.id, request.params.prestationId);
        return reply.status(204).send(null);
      },
    );

    r.get(
      '/prestations/:id',
      {
        config: servicesStaff,
        schema: { tags: holderTags, params: idParams, response: { 200: prestationSchema } },
      },
      (request) => service.getPrestation(requireAuth(request), request.params.id, request.locale),
    );

    r.get(
      '/holders',
      {
        config: managers,
        schema: {
          tags: holderTags,
          querystring: localizedSchema(holderListQuerySchema),
          response: { 200: holderListSchema },
        },
      },
      (request) => service.listHolders(requireAuth(request), request.query, request.locale),
    );
  };
}
