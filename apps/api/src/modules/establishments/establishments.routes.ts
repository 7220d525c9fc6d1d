import {
  establishmentListQuerySchema,
  establishmentSchema,
  establishmentsQuerySchema,
  isAtLeastEstManager,
  isAtLeastOrgManager,
  updateEstablishmentSchema,
} from '@inscrio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { localizedSchema } from '../../lib/validation';
import { requireAuth } from '../../lib/access';
import { resolveRequestOrganization } from '../organizations/request-organization';
import { createOrganizationRepository } from '../organizations/organization.repository';
import { establishmentDtoSchema, pageOf, publicEstablishmentDtoSchema } from './establishments.dto';
import { createEstablishmentsService } from './establishments.service';

const tags = ['Establishments'];
const identifier = z.string().trim().min(1).max(100);
const noContent = { 204: z.null().describe('No content') };

/**
 * Spec section 7, 'Organisations and establishments'. Reads are open to every signed-in user of the
 * organisation (an establishment manager sees only theirs); writes to managers.
 */
export function establishmentsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const establishments = createEstablishmentsService(ctx);
    const organizations = createOrganizationRepository(ctx.db);
    const listQuery = localizedSchema(establishmentListQuerySchema);

    r.get(
      '/establishments',
      {
        schema: {
          tags,
          description: 'The acting organisation’s establishments; system staff may name another one.',
          querystring: localizedSchema(establishmentsQuerySchema),
          response: { 200: pageOf(establishmentDtoSchema) },
        },
      },
      (request) => establishments.list(requireAuth(request), request.query),
    );

    r.get(
      '/establishments/public',
      {
        config: { public: true },
        schema: {
          tags,
          description: 'Public fields of the establishments of the organisation of the host or header.',
          querystring: listQuery,
          response: { 200: pageOf(publicEstablishmentDtoSchema) },
        },
      },
      async (request, reply) => {
        const organization = await resolveRequestOrganization(request, organizations, ctx.config.appBaseHost);
        // The answer depends on the organisation, which comes from these headers.
        reply.header('cache-control', 'public, max-age=60');
        reply.header('vary', 'host, x-organization-id');
        return establishments.listPublic(organization.id, request.query);
      },
    );

    r.get(
      '/organizations/:id/establishments',
      {
        schema: {
          tags,
          params: z.object({ id: identifier }),
          querystring: listQuery,
          response: { 200: pageOf(establishmentDtoSchema) },
        },
      },
      (request) => establishments.listOfOrganization(requireAuth(request), request.params.id, request.query),
    );

    r.get(
      '/organizations/:id/establishments/:establishmentId',
      {
        schema: {
          tags,
          params: z.object({ id: identifier, establishmentId: identifier }),
          response: { 200: establishmentDtoSchema },
        },
      },
      (request) =>
        establishments.getOfOrganization(
          requireAuth(request),
          request.params.id,
          request.params.establishmentId,
        ),
    );

    r.get(
      '/establishments/:id',
      {
        schema: { tags, params: z.object({ id: identifier }), response: { 200: establishmentDtoSchema } },
      },
      (request) => establishments.get(requireAuth(request), request.params.id),
    );

    r.post(
      '/establishments',
      {
        config: { allow: isAtLeastOrgManager },
        schema: {
          tags,
          body: localizedSchema(establishmentSchema),
          response: { 201: establishmentDtoSchema },
        },
      },
      async (request, reply) => {
        const created = await establishments.create(requireAuth(request), request.body);
        return reply.status(201).send(created);
      },
    );

    r.patch(
      '/establishments/:id',
      {
        // Establishment managers too, for their own establishment (checked by the service).
        config: { allow: isAtLeastEstManager },
        schema: {
          tags,
          params: z.object({ id: identifier }),
          body: localizedSchema(updateEstablishmentSchema),
          response: { 200: establishmentDtoSchema },
        },
      },
      (request) => establishments.update(requireAuth(request), request.params.id, request.body),
    );

    r.delete(
      '/establishments/:id',
      {
        config: { allow: isAtLeastOrgManager },
        schema: { tags, params: z.object({ id: identifier }), response: noContent },
      },
      async (request, reply) => {
        await establishments.remove(requireAuth(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
