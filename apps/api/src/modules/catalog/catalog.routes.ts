import { type Actor, catalogDetailSchema, catalogPageSchema, catalogQuerySchema } from '@inscrio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { localizedSchema } from '../../lib/validation';
import { requireAuth } from '../../plugins/auth';
import { createCatalogService } from './catalog.service';
import { privateCache } from './http-cache';

const tags = ['Catalogue'];

/** Every signed-in role browses the catalogue; what each one sees is decided by the visibility rules. */
const anySignedIn = (_actor: Actor) => true;

export function catalogRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const catalog = createCatalogService(ctx);
    const cache = privateCache(30);

    r.get(
      '/catalog/blueprints',
      {
        config: { allow: anySignedIn },
        onSend: cache,
        schema: {
          tags,
          summary: 'Activities the caller may browse, with filters',
          querystring: localizedSchema(catalogQuerySchema),
          response: { 200: catalogPageSchema },
        },
      },
      (request) => catalog.list(requireAuth(request), request.query, request.locale),
    );

    r.get(
      '/catalog/periods',
      {
        config: { allow: anySignedIn },
        schema: {
          tags,
          summary: 'Periods not over yet, for the catalogue filter',
          response: {
            200: z.array(
              z.object({
                id: z.string(),
                name: z.string(),
                startDate: z.string(),
                endDate: z.string(),
                establishmentId: z.string(),
              }),
            ),
          },
        },
      },
      (request) => catalog.periods(requireAuth(request)),
    );

    r.get(
      '/catalog/blueprints/:id',
      {
        config: { allow: anySignedIn },
        onSend: cache,
        schema: {
          tags,
          summary: 'One activity with its upcoming sessions',
          params: z.object({ id: z.string().min(1).max(100) }),
          response: { 200: catalogDetailSchema },
        },
      },
      (request) => catalog.detail(requireAuth(request), request.params.id, request.locale),
    );
  };
}
