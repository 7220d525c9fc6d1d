import { type Actor, catalogDetailSchema, catalogPageSchema, catalogQuerySchema } from '@inscrio/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { localizedSchema } from '../../lib/validation';
import { requireAuth } from '../../lib/access';
import { createCatalogService } from './catalog.service';
import { createCatalogPageCache } from './catalog-cache';
import { privateCache } from './http-cache';

const tags = ['Catalogue'];

/** Every signed-in role browses the catalogue; what each one sees is decided by the visibility rules. */
const anySignedIn = (_actor: Actor) => true;

/*
 * The catalogue is the hot path of a family (and of everyone when registrations open), so its reads:
 * - trust a session found alive in the last few seconds on this instance (`sessionCache`, see
 *   modules/auth/session-cache.ts and docs/scaling.md for what that allows);
 * - send their answer with plain `JSON.stringify`: the zod schema stays on the route for the OpenAPI
 *   description, but running it over every answer (a page is 20 cards of 20 fields, ~17 kB) cost more than
 *   building the page itself (~150 µs a page). The answers are built field by field by catalog.dto.ts
 *   under the schema's TypeScript type, so nothing else can slip in, and the tests parse them with the
 *   schema;
 * - share a family's page with the other families of its visibility class for a couple of seconds
 *   (`CATALOG_CACHE_SECONDS`, catalog-cache.ts: the key, who is left out, and the staleness bound).
 */
const hot = { allow: anySignedIn, sessionCache: true };
const stringify = () => (data: unknown) => JSON.stringify(data);

export function catalogRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const catalog = createCatalogService(ctx);
    const cache = privateCache(30);
    const pages = createCatalogPageCache(ctx, catalog);
    // The list is never kept longer by the browser than by the shared cache (see catalog-cache.ts).
    const listCache = privateCache(pages.ttlSeconds);

    r.get(
      '/catalog/blueprints',
      {
        config: hot,
        onSend: listCache,
        serializerCompiler: stringify,
        schema: {
          tags,
          summary: 'Activities the caller may browse, with filters',
          querystring: localizedSchema(catalogQuerySchema),
          response: { 200: catalogPageSchema },
        },
      },
      async (request, reply) => {
        const answer = await pages.page(requireAuth(request), request.query, request.locale);
        const age = Math.floor((ctx.clock.now().getTime() - answer.readAt) / 1000);
        if (age > 0) reply.header('age', String(age));
        reply.header('etag', answer.etag);
        // Already JSON: Fastify sends a string typed JSON as it is, without serialising it again.
        return reply.type('application/json; charset=utf-8').send(answer.body as never);
      },
    );

    r.get(
      '/catalog/periods',
      {
        config: hot,
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
        config: hot,
        onSend: cache,
        serializerCompiler: stringify,
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
