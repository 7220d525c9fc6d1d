import {
  blueprintListQuerySchema,
  canManageServices,
  createBlueprintSchema,
  isAtLeastEstManager,
  updateBlueprintSchema,
} from '@inscrio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { localizedSchema } from '../../lib/validation';
import { requireAuth } from '../../lib/access';
import { blueprintDtoSchema, blueprintListSchema } from './blueprints.dto';
import { createBlueprintsService } from './blueprints.service';

const tags = ['Activities'];
const params = z.object({ id: z.string().min(1).max(100) });
const managers = { allow: isAtLeastEstManager };

/** The managing side of activities (blueprints): list, read, create, edit, archive, delete. */
export function blueprintsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const blueprints = createBlueprintsService(ctx);

    r.get(
      '/blueprints',
      {
        config: managers,
        schema: {
          tags,
          querystring: localizedSchema(blueprintListQuerySchema),
          response: { 200: blueprintListSchema },
        },
      },
      (request) => blueprints.list(requireAuth(request), request.query),
    );

    r.get(
      '/blueprints/:id',
      // Holders may read the activities they hold sessions of; the service checks which.
      {
        config: { allow: canManageServices },
        schema: { tags, params, response: { 200: blueprintDtoSchema } },
      },
      (request) => blueprints.get(requireAuth(request), request.params.id),
    );

    r.post(
      '/blueprints',
      {
        config: managers,
        schema: { tags, body: localizedSchema(createBlueprintSchema), response: { 201: blueprintDtoSchema } },
      },
      async (request, reply) => {
        const created = await blueprints.create(requireAuth(request), request.body);
        return reply.status(201).send(created);
      },
    );

    r.patch(
      '/blueprints/:id',
      {
        config: managers,
        schema: {
          tags,
          params,
          body: localizedSchema(updateBlueprintSchema),
          response: { 200: blueprintDtoSchema },
        },
      },
      (request) => blueprints.update(requireAuth(request), request.params.id, request.body),
    );

    r.post(
      '/blueprints/:id/archive',
      { config: managers, schema: { tags, params, response: { 200: blueprintDtoSchema } } },
      (request) => blueprints.setArchived(requireAuth(request), request.params.id, true),
    );

    r.post(
      '/blueprints/:id/unarchive',
      { config: managers, schema: { tags, params, response: { 200: blueprintDtoSchema } } },
      (request) => blueprints.setArchived(requireAuth(request), request.params.id, false),
    );

    r.delete(
      '/blueprints/:id',
      {
        config: managers,
        schema: { tags, params, response: { 204: z.null().describe('No content') } },
      },
      async (request, reply) => {
        await blueprints.delete(requireAuth(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
